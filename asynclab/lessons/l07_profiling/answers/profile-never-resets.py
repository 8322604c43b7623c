"""profile never empties the table, so each table also counts every earlier recording."""

EXPECT = {"names-the-hotspot": 0, "agrees-with-clock": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler
from asynclab.foundation.profiling import aggregate

TRACE = ""


# %% ex1-profile
def profile(fn):
    profiler.set_config(profile_imperative=True, aggregate_stats=True, filename=TRACE)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    return aggregate(profiler.dumps())
