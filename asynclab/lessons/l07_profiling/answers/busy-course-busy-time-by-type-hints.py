"""busy_ms records the trace itself and hands the spans to the course's own
asynclab.foundation.profiling.busy_time, which it gets by typing.get_type_hints evaluating a string annotation
(an __import__ of the course's module, written inside the annotation's text): the course does the step's
merge, by a road the judge does not read, so it should earn nothing."""

EXPECT = {"busy-across-devices": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler

from asynclab.foundation.profiling import CHORES, parse_trace

TRACE = ""


# %% ex2-busy-ms
import typing


def _merger(spans: "__import__('asynclab.foundation.profiling', fromlist=['busy_time']).busy_time"):
    return spans


def busy_ms(fn):
    merge = typing.get_type_hints(_merger)["spans"]
    profiler.set_config(profile_imperative=True, aggregate_stats=False, filename=TRACE)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    profiler.dump(finished=False)
    with open(TRACE) as f:
        return 1e3 * merge(s for s in parse_trace(f.read()) if s.name not in CHORES)
