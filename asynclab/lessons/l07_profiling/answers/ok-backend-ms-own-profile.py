"""backend_ms records its own profile (profile_all, without the student's profile) and adds up each operator's average times its count."""

EXPECT = {"agrees-with-clock": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler
from asynclab.foundation.profiling import aggregate

CHORES = []
TRACE = ""


# %% ex2-backend-ms
def backend_ms(fn):
    nd.waitall()  # nothing of earlier cells left to run inside the recording
    profiler.set_config(profile_all=True, aggregate_stats=True, filename=TRACE)
    profiler.dumps(reset=True)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    rows = aggregate(profiler.dumps(reset=True)).query("section == 'operator'")
    work = rows[~rows["name"].isin(CHORES)]
    return float((work["avg"] * work["count"]).sum())
