"""Right answer: peak_increase samples psutil RSS in its own thread every 2 ms."""

EXPECT = {"peak-increase": 2, "front-returns-early": 3, "sync-every-k": 4}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex1-peak-increase
import threading
import time

import psutil


def peak_increase(fn):
    """Run fn() and return its peak resident memory above the start, in MB."""
    process = psutil.Process()
    start = process.memory_info().rss
    peak = [start]
    done = threading.Event()

    def sample():
        while not done.is_set():
            peak[0] = max(peak[0], process.memory_info().rss)
            time.sleep(0.002)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    try:
        fn()
        nd.waitall()  # the memory of what fn queued is taken when MXNet runs it
    finally:
        done.set()
        sampler.join()
    peak[0] = max(peak[0], process.memory_info().rss)
    return (peak[0] - start) / 1e6
