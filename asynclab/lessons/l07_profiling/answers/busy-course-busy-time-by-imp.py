"""Found by a red team: busy_ms records fn as the step asks but leaves the step's own job, merging the spans where they overlap, to the course's busy_time (asynclab.foundation.profiling), loaded from its file with the deprecated imp.load_source (still in Python 3.11, now among the judge's HIDING_TOOLS) under another name, the file found with glob below the working folder (or beside it, from a lab folder). No import statement or dotted string names the course function, so the judge cannot see it."""

EXPECT = {"busy-across-devices": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler

from asynclab.foundation.profiling import CHORES, parse_trace

TRACE = ""


# %% ex2-busy-ms
import glob
import imp
import os

_found = sorted(
    glob.glob(os.path.join(os.getcwd(), "**", "foundation", "profiling.py"), recursive=True)
    + glob.glob(os.path.join(os.path.dirname(os.getcwd()), "asynclab", "foundation", "profiling.py"))
)
_tools = imp.load_source("_my_tools", _found[0])


def busy_ms(fn):
    profiler.set_config(profile_imperative=True, aggregate_stats=False, filename=TRACE)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    profiler.dump(finished=False)
    with open(TRACE) as trace:
        spans = [s for s in parse_trace(trace.read()) if s.name not in CHORES]
    return 1e3 * _tools.busy_time(spans)
