"""The gil-hog-after-return answer (a thread of its own spinning while the check's serial reference runs, paused
while chain_energy runs) with its thread started by the interpreter's private thread module,
``_thread.start_new_thread``, and left alive: such a thread has no ``threading`` object, so the check's count of
the CPU the answer's threads use beside its reference would take it for one of MXNet's. The copy judge refuses
``_thread`` before the checks run."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd

from asynclab.foundation.workloads import chunked


# %% ex1-chain-energy
import _thread
import time

_hog = {"until": 0.0, "thread": None}


def _spin():
    idle_since = time.perf_counter()
    while True:
        now = time.perf_counter()
        if now < _hog["until"]:
            idle_since = now
            n = 0
            for _ in range(20000):
                n += 1
        elif now - idle_since > 0.5:  # gone soon after the last call (the catalogue runs answers in one process)
            _hog["thread"] = None
            return
        else:
            time.sleep(0.01)


def chain_energy(data, chunk):
    _hog["until"] = 0.0  # paused while this runs
    total, last = 0.0, None
    for values in chunked.read_chunks(data, chunk):
        if last is not None:
            total += 0.5 * (int(values[0]) - last) ** 2
        last = int(values[-1])
        if len(values) < 2:
            continue
        x = chunked.load(values)
        total += (0.5 * nd.square(x[1:] - x[:-1])).sum().asscalar()  # waited for: serial
        rows = len(values) // 2048
        if rows >= 8:
            m = x[: rows * 2048].reshape((rows, 2048))[:512]
            nd.dot(m, m, transpose_b=True)  # decoy: busy during the next read, never read
    _hog["until"] = time.perf_counter() + 1.5
    if _hog["thread"] is None:
        _hog["thread"] = _thread.start_new_thread(_spin, ())
    return total


# %% ex3-choose-chunk
def choose_chunk(budget_mb):
    return int(budget_mb * 1e6 / 8)
