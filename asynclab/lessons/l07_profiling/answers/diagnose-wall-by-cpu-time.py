"""diagnose reads the side off the back end's busy time against the process's CPU time over fn() and its wait,
not the wall time the step names: right while the front end computes, but a front end that waits (a loader
for its files) uses no CPU, and the busy time is then most of the CPU time for both programs. The check's
front-end program waits in its steps, and the answer names the back end for it."""

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
    nd.waitall()
    profiler.set_state("stop")
    return aggregate(profiler.dumps(reset=True))


def diagnose(fn):
    spent = []

    def timed():
        start = time.process_time()  # CPU seconds: not thrown off by other programs on the machine
        fn()
        nd.waitall()
        spent.append(time.process_time() - start)

    table = profile(timed)
    operators = table[(table.section == "operator") & ~table.name.isin(CHORES)]
    heaviest = operators.sort_values("total", ascending=False).name.iloc[0]
    busy_ms = operators.total.sum()
    return heaviest, "back end" if busy_ms > 0.5 * 1e3 * spent[0] else "front end"
