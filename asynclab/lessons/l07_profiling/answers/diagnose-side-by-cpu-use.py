"""diagnose names the heaviest operator right (by total, its profile waits before it
stops), but decides the side from how much of fn's wall time the process spent on a CPU: "back end" when its
CPU time (time.process_time, the back end's worker threads included) is more than half the wall time ("the
program is compute-bound"), "front end" when the process mostly idled ("it waited for its data"). The
operators' busy time is never compared with the wall time. Wrong for a front end that burns CPU in Python (a
loader that decodes its files, a Python-side augmentation) while the back end idles: the CPU is busy all
along, the back end 10% of it, and the answer says "back end". The check's front-end program as built waits
by sleeping (no CPU), where this answer reads right; it is also asked about with a loader that decodes its
first files in Python, where it does not."""

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
    """(operator, side) of fn()."""
    took = {}

    def timed():
        wall, cpu = time.perf_counter(), time.process_time()
        fn()
        nd.waitall()
        took["wall"] = time.perf_counter() - wall
        took["cpu"] = time.process_time() - cpu

    table = profile(timed)
    ops = table[(table.section == "operator") & ~table.name.isin(CHORES)]
    heaviest = ops.sort_values("total", ascending=False).name.iloc[0]
    compute_bound = took["cpu"] > 0.5 * took["wall"]
    return heaviest, "back end" if compute_bound else "front end"
