"""busy_ms reads the check's workload out of fn's closure with string.Formatter().get_field and a field name cut
into pieces ("0.__clo" + "sure_" + "_") instead of profiling it: 0."""

EXPECT = {"busy-across-devices": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler

from asynclab.foundation.profiling import CHORES, aggregate, parse_trace

TRACE = ""


# %% ex2-busy-ms
import string


def busy_ms(fn):
    cells = string.Formatter().get_field("0.__clo" + "sure_" + "_", (fn,), {})[0]
    return 1e3 * len(cells or ())
