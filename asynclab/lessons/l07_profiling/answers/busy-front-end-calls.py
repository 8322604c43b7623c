"""busy_ms adds up the MXNET_C_API section: the front end's calls into MXNet, not the operators."""

EXPECT = {"busy-across-devices": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler

from asynclab.foundation.profiling import CHORES, aggregate, parse_trace

TRACE = ""


# %% ex2-busy-ms
def busy_ms(fn):
    profiler.set_config(profile_api=True, aggregate_stats=True, filename=TRACE)
    profiler.dumps(reset=True)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    table = aggregate(profiler.dumps(reset=True))
    calls = table[(table.section == "MXNET_C_API") & ~table.name.str.contains("WaitAll")]
    return float(calls.total.sum())
