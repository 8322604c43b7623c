"""The colleague's reading as the step shows it: t1 the issuing call's own time, t3 the wait call's, both mistakes left in."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 2, "costs-from-trace": 0}


# %% ex3-costs-from-trace
def costs_from_trace(trace):
    ops = [s for s in trace.spans if s.name not in CHORES]
    issues = [c for c in trace.calls if c.name == "MXImperativeInvokeEx"]  # the call that issues an operator
    waits = [c for c in trace.calls if c.name == "MXNDArrayWaitToRead"]  # the call that waits for one
    t1 = numpy.median([c.end - c.start for c in issues[1:]])
    t2 = numpy.median([s.end - s.start for s in ops[1:]])
    t3 = numpy.median([c.end - c.start for c in waits[1:]])
    return t1, t2, t3
