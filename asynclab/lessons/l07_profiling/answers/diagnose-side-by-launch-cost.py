"""diagnose names the heaviest operator right (by total), but decides the side the way a GPU programmer spots a launch-bound program: when the typical operator (the median call, from the table's counts and averages) runs for less time than the front end's typical call into MXNet takes to issue one (the mean of the MXImperativeInvoke* calls in the MXNET_C_API section, profile_api on), the program "is launch-bound", so the front end sets the pace. Wrong: it never looks at the wall time; operators that each take longer than their launch, issued by a front end that waits far longer between them (a loader reading its files), leave the back end idle most of the time."""

EXPECT = {"diagnoses-the-program": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler

from asynclab.foundation.profiling import CHORES, aggregate

TRACE = ""


# %% ex1-diagnose
def profile(fn):
    """Run fn() under MXNet's profiler; return the aggregate table of what it ran (a DataFrame)."""
    profiler.set_config(profile_imperative=True, profile_api=True, aggregate_stats=True, filename=TRACE)
    profiler.dumps(reset=True)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    return aggregate(profiler.dumps(reset=True))


def _median_call(rows):
    rows = rows.sort_values("avg")
    half, seen = rows["count"].sum() / 2, 0
    for count, avg in zip(rows["count"], rows["avg"]):
        seen += count
        if seen >= half:
            return avg
    return 0.0


def diagnose(fn):
    table = profile(fn)
    operators = table[(table.section == "operator") & ~table.name.isin(CHORES)]
    heaviest = operators.sort_values("total", ascending=False).name.iloc[0]
    launches = table[(table.section == "MXNET_C_API") & table.name.str.startswith("MXImperativeInvoke")]
    launch_ms = float(launches.total.sum() / launches["count"].sum()) if len(launches) else 0.0
    return heaviest, "front end" if _median_call(operators) < launch_ms else "back end"
