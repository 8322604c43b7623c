"""costs_from_trace takes t3 as the wait call's duration, which holds most of the operator's time as well."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 2, "costs-from-trace": 0}


# %% ex3-costs-from-trace
def costs_from_trace(trace):
    ops = [s for s in trace.spans if s.name not in CHORES]
    waits = [c for c in trace.calls if c.name == "MXNDArrayWaitToRead"]
    t1 = [s.start - w.end for s, w in zip(ops[1:], waits)]
    t2 = [s.end - s.start for s in ops[1:]]
    t3 = [w.end - w.start for w in waits[1:]]
    return numpy.median(t1), numpy.median(t2), numpy.median(t3)
