"""busy_ms merges the spans with the course's own _union (asynclab.foundation.profiling), called by its name: the idiom may be written, the course's function that does the step's job may not be called."""

EXPECT = {"busy-across-devices": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler

from asynclab.foundation.profiling import CHORES, parse_trace

TRACE = ""


# %% ex2-busy-ms
from asynclab.foundation import profiling


def busy_ms(fn):
    profiler.set_config(profile_imperative=True, aggregate_stats=False, filename=TRACE)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    profiler.dump(finished=False)
    with open(TRACE) as f:
        return 1e3 * sum(b - a for a, b in profiling._union(s for s in parse_trace(f.read()) if s.name not in CHORES))
