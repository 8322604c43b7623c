"""busy_ms records the trace itself and hands the spans to the course's own asynclab.foundation.profiling.busy_time, which merges them: a course function the lab does not hand out does the step's job, so it earns nothing."""

EXPECT = {"busy-across-devices": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler

from asynclab.foundation.profiling import CHORES, aggregate, parse_trace

TRACE = ""


# %% ex2-busy-ms
from asynclab.foundation.profiling import busy_time


def busy_ms(fn):
    profiler.set_config(profile_imperative=True, aggregate_stats=False, filename=TRACE)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    profiler.dump(finished=False)
    with open(TRACE) as f:
        return 1e3 * busy_time(s for s in parse_trace(f.read()) if s.name not in CHORES)
