"""profile is lesson 07's first profiling cell (notebook cell 3) pasted into a function, step() replaced by fn(): re-typed course code earns nothing, here and in backend_ms, which uses it."""

EXPECT = {"names-the-hotspot": 0, "agrees-with-clock": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler
from asynclab.foundation.profiling import aggregate


# %% ex1-profile
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
