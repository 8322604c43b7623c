"""busy_ms patches nd.dot and nd.waitall with unittest.mock.patch.object to time the check's rounds instead of
profiling: 0."""

EXPECT = {"busy-across-devices": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler

from asynclab.foundation.profiling import CHORES, aggregate, parse_trace

TRACE = ""


# %% ex2-busy-ms
import time
from unittest import mock


def busy_ms(fn):
    marks = {"start": None, "busy": 0.0}
    dot, waitall = nd.dot, nd.waitall

    def timed_dot(*args, **kwargs):
        if marks["start"] is None:
            marks["start"] = time.perf_counter()
        return dot(*args, **kwargs)

    def timed_waitall():
        waitall()
        if marks["start"] is not None:
            marks["busy"] += time.perf_counter() - marks["start"]
            marks["start"] = None

    with mock.patch.object(nd, "dot", timed_dot), mock.patch.object(nd, "waitall", timed_waitall):
        fn()
    timed_waitall()
    return 1e3 * marks["busy"]
