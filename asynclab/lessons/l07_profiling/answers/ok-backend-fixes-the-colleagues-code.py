"""Right answer: the colleague's backend_ms of step 2 with both bugs fixed in place (the table reset before and after the recording, each operator's total instead of its average), and a wait before the profiler stops."""

EXPECT = {"agrees-with-clock": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler

from asynclab.foundation.profiling import CHORES, aggregate

TRACE = ""


# %% ex2-backend-ms
def backend_ms(fn):
    profiler.set_config(profile_imperative=True, aggregate_stats=True, filename=TRACE)
    profiler.dumps(reset=True)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    table = aggregate(profiler.dumps(reset=True))
    operators = table[(table.section == "operator") & ~table.name.isin(CHORES)]
    return float(operators.total.sum())
