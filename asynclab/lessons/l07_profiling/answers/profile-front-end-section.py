"""profile returns only the MXNET_C_API section: the front end's calls, not the operators."""

EXPECT = {"diagnoses-the-program": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler
from asynclab.foundation.profiling import aggregate

TRACE = ""


# %% ex1-diagnose
def profile(fn):
    profiler.set_config(profile_imperative=True, aggregate_stats=True, filename=TRACE)
    profiler.dumps(reset=True)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    table = aggregate(profiler.dumps(reset=True))
    return table[table.section == "MXNET_C_API"].drop(columns="section")


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
