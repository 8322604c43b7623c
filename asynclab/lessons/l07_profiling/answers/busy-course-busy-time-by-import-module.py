"""busy_ms records the trace itself and hands the spans to the course's own
asynclab.foundation.profiling.busy_time, loaded with importlib.import_module and a constant string
(busy-uses-the-course-busy-time by another road): 0."""

EXPECT = {"busy-across-devices": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler

from asynclab.foundation.profiling import CHORES, parse_trace

TRACE = ""


# %% ex2-busy-ms
import importlib


def busy_ms(fn):
    profiling = importlib.import_module("asynclab.foundation.profiling")
    profiler.set_config(profile_imperative=True, aggregate_stats=False, filename=TRACE)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    profiler.dump(finished=False)
    with open(TRACE) as f:
        return 1e3 * profiling.busy_time(s for s in parse_trace(f.read()) if s.name not in CHORES)
