"""costs_from_trace counts the engine's own entries (WaitForVar, DeleteVariable) as operators: the passes no longer line up and t2 mixes chores with work."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 2, "costs-from-trace": 0}


# %% ex3-costs-from-trace
def costs_from_trace(trace):
    ops = trace.spans
    waits = [c for c in trace.calls if c.name == "MXNDArrayWaitToRead"]
    t1 = [s.start - w.end for s, w in zip(ops[1:], waits)]
    t2 = [s.end - s.start for s in ops[1:]]
    t3 = [w.end - s.end for s, w in zip(ops[1:], waits[1:])]
    return numpy.median(t1), numpy.median(t2), numpy.median(t3)
