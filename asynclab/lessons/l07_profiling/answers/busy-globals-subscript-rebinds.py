"""A clean busy_ms is defined first; globals()["busy_ms"] then rebinds it to one that calls the course's own
busy_time. A statement that binds a name by a string is judged with that name's answer: 0."""

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
        spans = [s for s in parse_trace(f.read()) if s.name not in CHORES]
    busy, until = 0.0, float("-inf")
    for s in sorted(spans, key=lambda s: s.start):
        if s.end > until:
            busy += s.end - max(s.start, until)
            until = s.end
    return 1e3 * busy


def _cheat(fn):
    profiler.set_config(profile_imperative=True, aggregate_stats=False, filename=TRACE)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    profiler.dump(finished=False)
    with open(TRACE) as f:
        spans = [s for s in parse_trace(f.read()) if s.name not in CHORES]
    return 1e3 * busy_time(spans)


globals()["busy_ms"] = _cheat
