"""profile stops the profiler after a fixed time.sleep(2) instead of waiting for the engine (nd.waitall): the profile holds everything fn issued only when the engine happens to finish within the guess; diagnose takes the wall time from a run of its own that does wait. A sleep is not a wait: a program whose queued work outlasts the guess is profiled without its last operators."""

EXPECT = {"diagnoses-the-program": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time
from mxnet import nd, profiler
from asynclab.foundation.profiling import CHORES, aggregate

TRACE = ""


# %% ex1-diagnose
def profile(fn):
    """Run fn() under MXNet's profiler; return the aggregate table of what it ran (a DataFrame)."""
    profiler.set_config(profile_imperative=True, aggregate_stats=True, filename=TRACE)
    profiler.dumps(reset=True)
    profiler.set_state("run")
    fn()
    time.sleep(2.0)  # give the engine "enough" time instead of waiting for it
    profiler.set_state("stop")
    return aggregate(profiler.dumps(reset=True))


def diagnose(fn):
    nd.waitall()
    start = time.perf_counter()
    fn()
    nd.waitall()
    wall_ms = 1e3 * (time.perf_counter() - start)
    table = profile(fn)
    operators = table[(table.section == "operator") & ~table.name.isin(CHORES)]
    heaviest = operators.sort_values("total", ascending=False).name.iloc[0]
    return heaviest, "back end" if operators.total.sum() > 0.5 * wall_ms else "front end"
