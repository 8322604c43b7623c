"""Right answer written differently: the solution's merge of the operators' spans, the spans sorted by their start
with operator.attrgetter("start"), the standard library's idiom for a sort key (a getter by a constant name
reads nothing hidden)."""

EXPECT = {"busy-across-devices": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler

from asynclab.foundation.profiling import CHORES, parse_trace

TRACE = ""


# %% ex2-busy-ms
import operator


def busy_ms(fn):
    """Milliseconds during which at least one of MXNet's operators ran, on any device, while fn() ran."""
    profiler.set_config(profile_imperative=True, aggregate_stats=False, filename=TRACE)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    profiler.dump(finished=False)
    with open(TRACE) as trace:
        work = [s for s in parse_trace(trace.read()) if s.name not in CHORES]
    busy, until = 0.0, float("-inf")
    for span in sorted(work, key=operator.attrgetter("start")):
        if span.end > until:
            busy += span.end - max(span.start, until)
            until = span.end
    return 1e3 * busy
