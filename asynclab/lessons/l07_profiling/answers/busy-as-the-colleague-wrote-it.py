"""busy_ms as the colleague of step 2 wrote it: the operators' totals from the aggregate table added up, which counts twice the time two devices computed at once."""

EXPECT = {"busy-across-devices": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler

from asynclab.foundation.profiling import CHORES, aggregate, parse_trace

TRACE = ""

profile = None


# %% ex2-busy-ms
def busy_ms(fn):
    table = profile(fn)  # everything fn ran, and nothing else
    operators = table[(table.section == "operator") & ~table.name.isin(CHORES)]
    return float(operators.total.sum())
