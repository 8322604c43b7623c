"""busy_ms records the trace itself but leaves the step's own job, merging the spans, to the course's busy_time,
kept in a dict of helpers that the cell fills through a list that holds it (_shelf = [HELPERS];
_shelf[0]["merge"] = busy_time). A name placed in a container joins the names of that container's object, so
the store through _shelf is a store into HELPERS, and busy_ms uses the course's function: 0."""

EXPECT = {"busy-across-devices": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler

from asynclab.foundation.profiling import CHORES, parse_trace

TRACE = ""


# %% ex2-busy-ms
from asynclab.foundation.profiling import busy_time

HELPERS = {}
_shelf = [HELPERS]
_shelf[0]["merge"] = busy_time


def busy_ms(fn):
    profiler.set_config(profile_imperative=True, aggregate_stats=False, filename=TRACE)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    profiler.dump(finished=False)
    with open(TRACE) as f:
        return 1e3 * HELPERS["merge"](s for s in parse_trace(f.read()) if s.name not in CHORES)
