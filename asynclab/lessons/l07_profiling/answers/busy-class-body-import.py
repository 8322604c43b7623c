"""busy_ms records the trace, then hands the spans to the course's own busy_time, reached through a module imported
in a class body (_K.profiling.busy_time): 0."""

EXPECT = {"busy-across-devices": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler

from asynclab.foundation.profiling import CHORES, aggregate, parse_trace

TRACE = ""


# %% ex2-busy-ms
class _K:
    from asynclab.foundation import profiling


def busy_ms(fn):
    profiler.set_config(profile_imperative=True, aggregate_stats=False, filename=TRACE)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    profiler.dump(finished=False)
    with open(TRACE) as f:
        spans = [s for s in parse_trace(f.read()) if s.name not in CHORES]
    return 1e3 * _K.profiling.busy_time(spans)
