"""costs_from_trace takes t1 as the issuing call's own duration: the Python before it and the hand-over to a worker are left out."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 2, "costs-from-trace": 0}


# %% ex3-costs-from-trace
def costs_from_trace(trace):
    ops = [s for s in trace.spans if s.name not in CHORES]
    issues = [c for c in trace.calls if c.name == "MXImperativeInvokeEx"]
    waits = [c for c in trace.calls if c.name == "MXNDArrayWaitToRead"]
    t1 = [c.end - c.start for c in issues[1:]]
    t2 = [s.end - s.start for s in ops[1:]]
    t3 = [w.end - s.end for s, w in zip(ops[1:], waits[1:])]
    return numpy.median(t1), numpy.median(t2), numpy.median(t3)
