"""costs_from_trace takes t2 as the time from one operator's start to the next: the whole pass, not the back end's share."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 2, "costs-from-trace": 0}


# %% ex3-costs-from-trace
def costs_from_trace(trace):
    ops = [s for s in trace.spans if s.name not in CHORES]
    waits = [c for c in trace.calls if c.name == "MXNDArrayWaitToRead"]
    t1 = [s.start - w.end for s, w in zip(ops[1:], waits)]
    t2 = [b.start - a.start for a, b in zip(ops, ops[1:])]
    t3 = [w.end - s.end for s, w in zip(ops[1:], waits[1:])]
    return numpy.median(t1), numpy.median(t2), numpy.median(t3)
