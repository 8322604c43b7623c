"""profile records everything with profile_all, stops in a finally block after a wait, and returns only the operator rows."""

EXPECT = {"names-the-hotspot": 3, "agrees-with-clock": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler
from asynclab.foundation.profiling import aggregate

TRACE = ""


# %% ex1-profile
def profile(fn):
    profiler.set_config(profile_all=True, aggregate_stats=True, filename=TRACE)
    profiler.dumps(reset=True)
    profiler.set_state("run")
    try:
        fn()
        nd.waitall()
    finally:
        profiler.set_state("stop")
    table = aggregate(profiler.dumps(reset=True))
    return table[table.section == "operator"].reset_index(drop=True)
