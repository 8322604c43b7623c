"""profile leaves aggregate_stats off, so the profiler keeps no table to dump."""

EXPECT = {"diagnoses-the-program": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler
from asynclab.foundation.profiling import aggregate

TRACE = ""


# %% ex1-diagnose
def profile(fn):
    profiler.set_config(profile_imperative=True, filename=TRACE)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    return aggregate(profiler.dumps(reset=True))


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
