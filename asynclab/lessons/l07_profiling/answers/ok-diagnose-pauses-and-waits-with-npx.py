"""Right, in another way: it keeps the profiler running and pauses it around its own bookkeeping, waits with
mx.npx.waitall() (the same wait as nd.waitall, under mx.npx), takes the wall time from a run of its own, and
reads the aggregate table of the profiled run only after that run's wait."""

EXPECT = {"diagnoses-the-program": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

import mxnet as mx
from mxnet import profiler
from asynclab.foundation.profiling import CHORES, aggregate

TRACE = ""


# %% ex1-diagnose
def profile(fn):
    profiler.set_config(profile_imperative=True, aggregate_stats=True, filename=TRACE)
    profiler.dumps(reset=True)
    profiler.set_state("run")
    profiler.resume()
    fn()
    mx.npx.waitall()
    profiler.pause()
    table = aggregate(profiler.dumps(reset=True))
    profiler.set_state("stop")
    return table


def diagnose(fn):
    mx.npx.waitall()
    start = time.perf_counter()
    fn()
    mx.npx.waitall()
    wall_ms = 1e3 * (time.perf_counter() - start)
    table = profile(fn)
    operators = table[(table.section == "operator") & ~table.name.isin(CHORES)]
    totals = operators.groupby("name").total.sum().sort_values(ascending=False)
    busy_ms = totals.sum()
    return totals.index[0], "back end" if busy_ms > 0.5 * wall_ms else "front end"
