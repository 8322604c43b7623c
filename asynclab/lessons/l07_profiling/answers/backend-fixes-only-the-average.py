"""The colleague's backend_ms with the total in place of the average, but the table still never reset: every call counts what the calls before it recorded."""

EXPECT = {"agrees-with-clock": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler

from asynclab.foundation.profiling import CHORES, aggregate

TRACE = ""


# %% ex2-backend-ms
def backend_ms(fn):
    profiler.set_config(profile_imperative=True, aggregate_stats=True, filename=TRACE)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    table = aggregate(profiler.dumps())
    operators = table[(table.section == "operator") & ~table.name.isin(CHORES)]
    return float(operators.total.sum())
