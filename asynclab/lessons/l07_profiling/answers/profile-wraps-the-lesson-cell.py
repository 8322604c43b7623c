"""profile calls a function of its own that holds lesson 07's cell 3, pasted with its names changed: still re-typed course code."""

EXPECT = {"names-the-hotspot": 0, "agrees-with-clock": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler
from asynclab.foundation.profiling import aggregate

TRACE = ""


# %% ex1-profile
import os


def profile(fn):
    def recorded(block, where):
        profiler.set_config(profile_imperative=True, aggregate_stats=True, filename=os.path.join(where, "step.json"))
        profiler.dumps(reset=True)
        profiler.set_state("run")
        block()
        nd.waitall()
        profiler.set_state("stop")
        dumped = profiler.dumps(reset=True)
        result = aggregate(dumped)
        ops = result[result.section == "operator"].sort_values("total", ascending=False)
        print(dumped[:200], "...")
        return ops

    return recorded(fn, os.path.dirname(TRACE))
