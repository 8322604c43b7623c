"""Right answer: the common Python idiom for merging overlapping intervals (sort the spans by start; while the
list of stretches is not empty and a span starts before the last stretch ends, it extends that stretch, else it
opens a new one), then the stretches added up: the operators' busy time on any device, as the step asks."""

EXPECT = {"busy-across-devices": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler

from asynclab.foundation.profiling import CHORES, parse_trace

TRACE = ""


# %% ex2-busy-ms
def merge_spans(spans):
    stretches = []
    for span in sorted(spans, key=lambda span: span.start):
        if stretches and span.start <= stretches[-1][1]:
            stretches[-1][1] = max(stretches[-1][1], span.end)
        else:
            stretches.append([span.start, span.end])
    return stretches


def busy_ms(fn):
    profiler.set_config(profile_imperative=True, aggregate_stats=False, filename=TRACE)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    profiler.dump(finished=False)
    with open(TRACE) as f:
        ops = [s for s in parse_trace(f.read()) if s.name not in CHORES]
    return 1e3 * sum(end - start for start, end in merge_spans(ops))
