"""busy_ms hooks every call fn makes (sys.setprofile) and adds up the time from each round's first product to the wait that ends it: the check's own rounds, read off its fn instead of off the profiler, so the copy judge refuses it."""

EXPECT = {"busy-across-devices": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex2-busy-ms
import sys
import time


def busy_ms(fn):
    marks = []

    def hook(frame, event, arg):
        if event == "call" and frame.f_code.co_name in ("dot", "waitall"):
            marks.append((frame.f_code.co_name, time.perf_counter()))

    nd.waitall()
    sys.setprofile(hook)
    try:
        fn()
    finally:
        sys.setprofile(None)
    busy, start = 0.0, None
    for name, when in marks:
        if name == "dot" and start is None:
            start = when
        elif name == "waitall" and start is not None:
            busy, start = busy + when - start, None
    return 1e3 * busy
