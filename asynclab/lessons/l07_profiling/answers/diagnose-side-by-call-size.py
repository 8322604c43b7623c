"""diagnose names the heaviest operator right (by total), but decides the side from how large the operators are, never from the wall time: the back end's time per operator call (its busy time over its number of calls) above 200 us means "back end". Conceptually wrong: whether the back end sets the pace depends on its busy time against the program's wall time; large operators issued slowly (much Python work between them) leave the back end idle, and tiny ones issued back to back can keep it busy."""

EXPECT = {"diagnoses-the-program": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
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
    table = profile(fn)
    operators = table[(table.section == "operator") & ~table.name.isin(CHORES)]
    heaviest = operators.sort_values("total", ascending=False).name.iloc[0]
    per_call_ms = operators.total.sum() / operators["count"].sum()
    return heaviest, "back end" if per_call_ms > 0.2 else "front end"  # big operators: the back end's job
