"""busy_ms reads the check's frames with os.sys._getframe (the sys module reached as an attribute of os) instead of
profiling: 0."""

EXPECT = {"busy-across-devices": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler

from asynclab.foundation.profiling import CHORES, aggregate, parse_trace

TRACE = ""


# %% ex2-busy-ms
import inspect
import os


def busy_ms(fn):
    frame = os.sys._getframe(1)
    seen = inspect.getattr_static(frame, "f_lo" + "cals").__get__(frame)
    return 1e3 * len(seen)
