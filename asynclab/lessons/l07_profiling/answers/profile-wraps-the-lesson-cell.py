"""profile calls a function of its own that holds lesson 07's cell 3, pasted with its names changed: still re-typed course code."""

EXPECT = {"diagnoses-the-program": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler
from asynclab.foundation.profiling import aggregate

TRACE = ""


# %% ex1-diagnose
import os


def profile(fn):
    def recorded(block, where):
        profiler.set_config(profile_imperative=True, aggregate_stats=True, filename=os.path.join(where, "step.json"))
        profiler.dumps(reset=True)
        profiler.set_state("run")
        block()
        nd.waitall()
        profiler.set_state("stop")
        dumped = profiler.dumps(reset=True)
        result = aggregate(dumped)
        ops = result[result.section == "operator"].sort_values("total", ascending=False)
        print(dumped[:200], "...")
        return ops

    return recorded(fn, os.path.dirname(TRACE))


def diagnose(fn):
    walls = []

    def timed():
        start = time.perf_counter()
        fn()
        nd.waitall()
        walls.append(time.perf_counter() - start)

    table = profile(timed)
    operators = table[(table.section == "operator") & ~table.name.isin(CHORES)]
    heaviest = operators.sort_values("total", ascending=False).name.iloc[0]
    return heaviest, "back end" if operators.total.sum() > 0.5 * 1e3 * walls[0] else "front end"
