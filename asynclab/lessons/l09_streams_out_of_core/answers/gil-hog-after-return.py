"""Found by a red team (round 14). chain_energy is the colleague's serial loop with the boundary fixed (each
chunk's springs computed in MXNet and waited for before the next read: the second cause is still there), plus
the decoy of leftover-work-slows-the-yardstick (a product of each loaded chunk with itself, issued after
its springs were read and never read, so that the back end computes during the device's next read). Instead of
leaving work in MXNet's queue, it leaves a thread of its own running a Python loop for 1.5 s after each return
(3 s as the red team wrote it), paused as soon as chain_energy is called again: the check's serial loop, which
runs right after it, waits up to Python's switch interval (5 ms) for the interpreter's lock at every sleep and
every MXNet call it makes, while the answer's own runs find the thread paused. Nothing overlaps the device's
reads with the springs: it should earn nothing for the pipeline. It passed at 1.65x-1.93x; the check counts the
CPU its thread uses while the check's serial loop runs (0.74-0.85 s per second, needs <= 0.1), also when the
thread ends before the loop does (it passed at 1.77x under make test's load while only live threads counted).
Its choose_chunk makes one chunk the whole budget (as chunk-is-the-budget), so chunk-under-budget fails on the
peak whether or not the thread still spins when that check's yardstick runs, which depends on how long the
check's own steps take after the answer's last return."""

EXPECT = {"result-exact": 2, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd

from asynclab.foundation.workloads import chunked


# %% ex1-chain-energy
import threading
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
        _hog["thread"] = threading.Thread(target=_spin, daemon=True)
        _hog["thread"].start()
    return total


# %% ex3-choose-chunk
def choose_chunk(budget_mb):
    return int(budget_mb * 1e6 / 8)
