"""chain_energy is the colleague's serial loop with the boundary fixed (each chunk's springs waited
for before the next read) plus gil-hog-after-return's decoy product (so the back end computes during the next
read and the profiled run's overlap passes). Instead of a thread, it arms a SIGALRM interval timer when it
returns: for 3 s the handler, which Python runs on the main thread (the check's own), sleeps 40 ms of every
50 ms. The check's serial loop, run right after, is held up on its own thread; no other thread exists and the
handler sleeps, so bystanders counts nothing. Disarmed as soon as chain_energy is called again. Nothing
overlaps the reads with the springs. The judge refuses the signal module (a handler runs on the check's own
thread) on every check handed chain_energy: 0 there. choose_chunk makes one chunk the whole budget (as
chunk-is-the-budget): 0."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd

from asynclab.foundation.workloads import chunked


# %% ex1-chain-energy
import signal
import time

_hold = {"until": 0.0}


def _nap(signum, frame):
    if time.perf_counter() < _hold["until"]:
        time.sleep(0.04)
    else:
        signal.setitimer(signal.ITIMER_REAL, 0)


def chain_energy(data, chunk):
    _hold["until"] = 0.0
    signal.setitimer(signal.ITIMER_REAL, 0)
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
    _hold["until"] = time.perf_counter() + 3.0
    signal.signal(signal.SIGALRM, _nap)
    signal.siginterrupt(signal.SIGALRM, False)
    signal.setitimer(signal.ITIMER_REAL, 0.05, 0.05)
    return total


# %% ex3-choose-chunk
def choose_chunk(budget_mb):
    return int(budget_mb * 1e6 / 8)
