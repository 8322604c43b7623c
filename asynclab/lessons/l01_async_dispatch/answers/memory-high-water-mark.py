"""Wrong: memory_of reports the most memory the process held while make()'s work ran (a high-water mark sampled on
a thread of its own every 5 ms), not what make() added once all its work is done: work that holds memory for a while
and gives it back reads too much by that memory. From a red team; it scored 2 while the check's make() freed nothing
before its work ended."""

EXPECT = {
    "overlaps-the-read": 2,
    "finds-hidden-waits": 2,
    "engine-switch-fixed": 3,
    "memory-of-result": 0,
    "predict-blocking": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex4-memory-of
import threading

from asynclab.foundation.memory import rss_mb


def memory_of(make):
    """MB that calling make() adds to this process, once all the work it queued is done."""
    nd.waitall()  # what was queued before is not make()'s
    before = rss_mb()
    readings = [before]
    stop = threading.Event()

    def watch():  # the memory the call takes: the most it ever holds while its work runs
        while not stop.is_set():
            readings.append(rss_mb())
            stop.wait(0.005)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    result = make()
    nd.waitall()
    stop.set()
    watcher.join()
    readings.append(rss_mb())
    del result
    return max(readings) - before
