"""profile ends with profiler.dump(), whose default finished=True leaves the profiler unusable for the rest of the kernel."""

EXPECT = {"names-the-hotspot": 0, "agrees-with-clock": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler
from asynclab.foundation.profiling import aggregate

TRACE = ""


# %% ex1-profile
def profile(fn):
    profiler.set_config(profile_imperative=True, aggregate_stats=True, filename=TRACE)
    profiler.dumps(reset=True)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    table = aggregate(profiler.dumps(reset=True))
    profiler.dump()
    return table
