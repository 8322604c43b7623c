"""busy_ms warms fn up by running it once before recording it."""

EXPECT = {"busy-across-devices": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler

from asynclab.foundation.profiling import CHORES, aggregate, parse_trace

TRACE = ""


# %% ex2-busy-ms
def busy_ms(fn):
    fn()
    nd.waitall()
    profiler.set_config(profile_imperative=True, aggregate_stats=False, filename=TRACE)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    profiler.dump(finished=False)
    with open(TRACE) as f:
        spans = sorted((s.start, s.end) for s in parse_trace(f.read()) if s.name not in CHORES)
    busy, until = 0.0, float("-inf")
    for start, end in spans:
        if end > until:
            busy += end - max(start, until)
            until = end
    return 1e3 * busy
