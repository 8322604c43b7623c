"""costs_from_trace takes t3 as the time from the operator's end until the front end issues the next operator
(the next MXImperativeInvokeEx), thinking of the pass as ending where the next one is issued: it adds the
Python between the wait's return and the next issuing call to t3. Found by a red team (round 15); scored 0 in
3 runs."""

EXPECT = {"costs-from-trace": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import numpy

from asynclab.foundation.profiling import CHORES


# %% ex3-costs-from-trace
def costs_from_trace(trace):
    ops = [s for s in trace.spans if s.name not in CHORES]
    issues = [c for c in trace.calls if c.name == "MXImperativeInvokeEx"]
    waits = [c for c in trace.calls if c.name == "MXNDArrayWaitToRead"]
    passes = range(1, len(ops) - 1)
    t1 = [ops[i].start - waits[i - 1].end for i in passes]
    t2 = [ops[i].end - ops[i].start for i in passes]
    t3 = [issues[i + 1].start - ops[i].end for i in passes]  # until the front end issues the next one
    return numpy.median(t1), numpy.median(t2), numpy.median(t3)
