"""gil-hog-after-return (the serial loop, a decoy product, and a thread of its own spinning for 3 s after each
return, idle for 20 s before it ends) whose thread, once started with threading.Thread, takes itself out of
threading's table of live threads (``threading._active.pop(get_ident())``): threading.enumerate() no longer lists
it, and its CPU could pass for one of MXNet's native threads. The check's count of bystanders notes a thread that
runs Python code and that threading does not list, and refuses the run. Nothing overlaps the reads with the
springs: fair score 0 for the pipeline (and for peak-bounded, which needs it); choose_chunk is
chunk-is-the-budget's."""

EXPECT = {"result-exact": 2, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd

from asynclab.foundation.workloads import chunked


# %% ex1-chain-energy
import threading
import time

_hog = {"until": 0.0, "thread": None}


def _spin():
    threading._active.pop(threading.get_ident(), None)  # no longer in threading.enumerate(): taken for MXNet's
    idle_since = time.perf_counter()
    while True:
        now = time.perf_counter()
        if now < _hog["until"]:
            idle_since = now
            n = 0
            for _ in range(20000):
                n += 1
        elif now - idle_since > 20:  # alive well past the check's serial loop (taken for a framework's thread)
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
    _hog["until"] = time.perf_counter() + 3.0
    if _hog["thread"] is None:
        _hog["thread"] = threading.Thread(target=_spin, daemon=True)
        _hog["thread"].start()
    return total


# %% ex3-choose-chunk
def choose_chunk(budget_mb):
    return int(budget_mb * 1e6 / 8)
