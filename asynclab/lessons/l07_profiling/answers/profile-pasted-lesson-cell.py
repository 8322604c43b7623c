"""profile is lesson 07's first profiling cell (notebook cell 3) pasted into a function, step() replaced by fn(): re-typed course code earns nothing."""

EXPECT = {"diagnoses-the-program": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler
from asynclab.foundation.profiling import aggregate


# %% ex1-diagnose
import os
import tempfile

folder = tempfile.mkdtemp(prefix="lesson07-")


def profile(fn):
    profiler.set_config(profile_imperative=True, aggregate_stats=True, filename=os.path.join(folder, "step.json"))
    profiler.dumps(reset=True)  # start from an empty table
    profiler.set_state("run")
    fn()
    nd.waitall()  # everything step() issued has run, and was recorded
    profiler.set_state("stop")
    text = profiler.dumps(reset=True)
    table = aggregate(text)  # asynclab.foundation.profiling.aggregate: the text table as a DataFrame
    operators = table[table.section == "operator"].sort_values("total", ascending=False)
    print(text[:200], "...")
    return operators


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
