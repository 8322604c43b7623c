"""profile stops the profiler as soon as fn returns, before the engine has run what fn issued."""

EXPECT = {"names-the-hotspot": 0}

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
    profiler.set_state("stop")
    nd.waitall()
    return aggregate(profiler.dumps(reset=True))
