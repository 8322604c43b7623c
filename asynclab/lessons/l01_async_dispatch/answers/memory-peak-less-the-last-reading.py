"""Wrong: a sampler on a thread of its own reads the memory every 5 ms while make()'s work runs, and memory_of
returns the highest reading less the last one ("what the work needed on top of what it kept"). That is the memory
held for a while and given back, not what make() added once its work is done. From a red team; it scored 2 while the
check's workspace was 0.9-1.1x what make() adds, inside the window."""

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
    nd.waitall()
    readings = [rss_mb()]
    stop = threading.Event()

    def watch():
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
    return max(readings) - readings[-1]
