"""busy_ms is the solution's merge of the trace's spans, but it stops the profiler after a fixed time.sleep(2) instead of nd.waitall(): a guess at how long the engine needs, not a wait. Any program whose queued work outlasts two seconds after fn returns is cut short (the work still running when the profiler stops is missing from the trace): wrong, it only works when the guess happens to be long enough. The check holds the last round's products back in the back end 0.05-0.2 s for one fn and 2.0-2.5 s for the other: two seconds stop the recording before the long hold's products ran."""

EXPECT = {"busy-across-devices": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time
from mxnet import nd, profiler
from asynclab.foundation.profiling import CHORES, parse_trace

TRACE = ""


# %% ex2-busy-ms
def busy_ms(fn):
    """Milliseconds during which at least one of MXNet's operators ran, on any device, while fn() ran."""
    profiler.set_config(profile_imperative=True, aggregate_stats=False, filename=TRACE)
    profiler.set_state("run")
    fn()
    time.sleep(2.0)  # "long enough" for the engine to finish what fn issued
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
