"""busy_ms is the solution but stops the profiler as soon as fn() returns, without waiting for what fn issued
(step 1's profile-stops-before-waiting mistake): the check's fn returns before its last round, on all three
devices, is done, and the profile misses that round."""

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
    profiler.set_state("stop")
    profiler.dump(finished=False)
    with open(TRACE) as trace:
        spans = sorted((s.start, s.end) for s in parse_trace(trace.read()) if s.name not in CHORES)
    busy, until = 0.0, float("-inf")
    for start, end in spans:
        if end > until:
            busy += end - max(start, until)
            until = end
    return 1e3 * busy
