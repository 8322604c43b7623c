"""Keeps the colleague's log, with one thread per device, written to a log file instead of the output: the
devices overlap, but every norm is read as it is computed, the waits the step is about. The check counts
the copies out of MXNet that the log's reads make."""

EXPECT = {"two-devices-at-once": 0}

from mxnet import nd


# %% ex1-norms-both
import logging
import os
import tempfile
import threading

LOG = logging.getLogger("norms")
LOG.propagate = False
LOG.setLevel(logging.INFO)
LOG.addHandler(logging.FileHandler(os.path.join(tempfile.gettempdir(), "norms_both.log")))


def norms_both(xa, xb, reps):
    found = {0: [], 1: []}

    def loop(device, x):
        for _ in range(reps):
            found[device].append(nd.norm(nd.dot(x, x)))
            LOG.info("cpu(%d) product %d: norm %.1f", device, len(found[device]), found[device][-1].asscalar())

    threads = [threading.Thread(target=loop, args=(d, x)) for d, x in ((0, xa), (1, xb))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return found[0] + found[1]
