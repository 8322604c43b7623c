"""Right answer written differently: means over the passes instead of medians (the step asks for medians; the check accepts either reading of the same trace)."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 2, "costs-from-trace": 2}


# %% ex3-costs-from-trace
def costs_from_trace(trace):
    ops = [s for s in trace.spans if s.name not in CHORES]
    waits = [c for c in trace.calls if c.name == "MXNDArrayWaitToRead"]
    n = len(ops)
    t1 = sum(ops[i].start - waits[i - 1].end for i in range(1, n)) / (n - 1)
    t2 = sum(ops[i].end - ops[i].start for i in range(1, n)) / (n - 1)
    t3 = sum(waits[i].end - ops[i].end for i in range(1, n)) / (n - 1)
    return t1, t2, t3
