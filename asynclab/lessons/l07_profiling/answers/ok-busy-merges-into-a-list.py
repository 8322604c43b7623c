"""Right answer: merges the operators' spans into a list of disjoint stretches (with NumPy's sort), then adds up the stretches."""

EXPECT = {"busy-across-devices": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler

from asynclab.foundation.profiling import CHORES, aggregate, parse_trace

TRACE = ""


# %% ex2-busy-ms
import numpy


def busy_ms(fn):
    profiler.set_config(profile_imperative=True, aggregate_stats=False, filename=TRACE)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    profiler.dump(finished=False)
    with open(TRACE) as f:
        ops = [s for s in parse_trace(f.read()) if s.name not in CHORES]
    bounds = numpy.array([(s.start, s.end) for s in ops])
    bounds = bounds[numpy.argsort(bounds[:, 0])]
    stretches = [list(bounds[0])]
    for start, end in bounds[1:]:
        if start <= stretches[-1][1]:
            stretches[-1][1] = max(stretches[-1][1], end)
        else:
            stretches.append([start, end])
    return 1e3 * float(sum(end - start for start, end in stretches))
