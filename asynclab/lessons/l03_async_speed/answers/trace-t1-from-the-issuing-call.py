"""costs_from_trace starts t1 when the front end calls MXImperativeInvokeEx ("the front end issues it"), not when
it went on after the last wait: the Python between the wait's return and the issuing call (the loop, the
operator's Python wrapper) is counted nowhere. Found by a red team (round 15); scored 0 in 2 runs."""

EXPECT = {"costs-from-trace": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import numpy

from asynclab.foundation.profiling import CHORES


# %% ex3-costs-from-trace
def costs_from_trace(trace):
    ops = [s for s in trace.spans if s.name not in CHORES]
    issues = [c for c in trace.calls if c.name == "MXImperativeInvokeEx"]
    waits = [c for c in trace.calls if c.name == "MXNDArrayWaitToRead"]
    t1 = [op.start - issue.start for op, issue in zip(ops[1:], issues[1:])]  # issued, handed over, started
    t2 = [op.end - op.start for op in ops[1:]]
    t3 = [wait.end - op.end for op, wait in zip(ops[1:], waits[1:])]
    return numpy.median(t1), numpy.median(t2), numpy.median(t3)
