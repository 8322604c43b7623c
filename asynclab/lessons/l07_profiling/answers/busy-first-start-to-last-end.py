"""busy_ms takes the time from the first operator's start to the last one's end: the pauses between the rounds, when no device computed, count as busy."""

EXPECT = {"busy-across-devices": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler

from asynclab.foundation.profiling import CHORES, aggregate, parse_trace

TRACE = ""


# %% ex2-busy-ms
def busy_ms(fn):
    profiler.set_config(profile_imperative=True, aggregate_stats=False, filename=TRACE)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    profiler.dump(finished=False)
    with open(TRACE) as f:
        spans = [s for s in parse_trace(f.read()) if s.name not in CHORES]
    return 1e3 * (max(s.end for s in spans) - min(s.start for s in spans))
