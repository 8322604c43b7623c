"""A right answer written differently: marks every microsecond during which an operator ran on a NumPy grid of
booleans (the profiler's timestamps are whole microseconds) and counts the marked ones. From a red team (round
15)."""

EXPECT = {"busy-across-devices": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler

from asynclab.foundation.profiling import CHORES, parse_trace

TRACE = ""


# %% ex2-busy-ms
def busy_ms(fn):
    import numpy

    profiler.set_config(profile_imperative=True, aggregate_stats=False, filename=TRACE)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    profiler.dump(finished=False)
    with open(TRACE) as handle:
        ops = [s for s in parse_trace(handle.read()) if s.name not in CHORES]
    if not ops:
        return 0.0
    first = min(s.start for s in ops)
    ticks = [(round((s.start - first) * 1e6), round((s.end - first) * 1e6)) for s in ops]
    grid = numpy.zeros(max(end for _, end in ticks) + 1, dtype=bool)
    for begin, end in ticks:
        grid[begin:end] = True  # this microsecond had at least one operator running
    return grid.sum() / 1e3
