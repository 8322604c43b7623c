"""costs_from_trace wraps a copy of the check's own reading of a trace (lab 03's _passes and _trace_costs) in a function of its own, every local name renamed and independent statements reordered: the checks' code in disguise, re-typed."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 2, "costs-from-trace": 0}

# The copy of asynclab/lessons/l03_async_speed/checks.py's _passes and _trace_costs: locals and
# arguments renamed, the two call lists built before the operators, the aggregate fixed to the
# median, the pass finder nested inside costs_from_trace.

# Imports for linters: the lab's setup cell provides these names when graded.
import numpy

from asynclab.foundation.profiling import CHORES


# %% ex3-costs-from-trace
def costs_from_trace(trace):
    def split(recorded):
        waited = [e for e in recorded.calls if e.name == "MXNDArrayWaitToRead"]
        issued = [e for e in recorded.calls if e.name == "MXImperativeInvokeEx"]
        tally = {}
        for piece in recorded.spans:
            if piece.name not in CHORES:
                tally[piece.name] = tally.get(piece.name, 0) + 1
        if not tally:
            raise ValueError("no operator")
        busiest = max(tally, key=tally.__getitem__)
        kernels = [p for p in recorded.spans if p.name == busiest]
        if not len(kernels) == len(issued) == len(waited) >= 3:
            raise ValueError("passes missing")
        return kernels, issued, waited

    kernels, _, waited = split(trace)
    bounds = numpy.array([[k.start, k.end, w.end] for k, w in zip(kernels, waited)])
    costs = numpy.diff(numpy.concatenate([bounds[:-1, 2:], bounds[1:]], axis=1), axis=1)
    return tuple(float(numpy.median(col.tolist())) for col in costs.T)
