"""busy_ms imports the course's profiling module with importlib._bootstrap._gcd_import and a name made at run time,
and hands its spans to busy_time: 0."""

EXPECT = {"busy-across-devices": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler

from asynclab.foundation.profiling import CHORES, aggregate, parse_trace

TRACE = ""


# %% ex2-busy-ms
import importlib


def busy_ms(fn):
    profiler.set_config(profile_imperative=True, aggregate_stats=False, filename=TRACE)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    profiler.dump(finished=False)
    with open(TRACE) as f:
        spans = [s for s in parse_trace(f.read()) if s.name not in CHORES]
    lib = importlib._bootstrap._gcd_import(".".join(["asynclab", "foundation", "profiling"]))
    return 1e3 * lib.busy_time(spans)
