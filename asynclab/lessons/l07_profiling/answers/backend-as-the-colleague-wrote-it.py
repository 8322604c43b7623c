"""backend_ms as the colleague of step 2 wrote it: one operator's average instead of its total, and a table never reset, which keeps what earlier calls recorded."""

EXPECT = {"agrees-with-clock": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import profiler

from asynclab.foundation.profiling import CHORES, aggregate

TRACE = ""


# %% ex2-backend-ms
def backend_ms(fn):
    profiler.set_config(profile_imperative=True, aggregate_stats=True, filename=TRACE)
    profiler.set_state("run")
    fn()
    profiler.set_state("stop")
    table = aggregate(profiler.dumps())
    operators = table[(table.section == "operator") & ~table.name.isin(CHORES)]
    return float(operators.avg.sum())
