"""Right answer written differently: it walks the calls and operators in time order, pairing each operator with the wait that returns after it, and never relies on the lists' lengths or positions."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 2, "costs-from-trace": 2}


# %% ex3-costs-from-trace
def costs_from_trace(trace):
    wait_ends = sorted(c.end for c in trace.calls if "WaitToRead" in c.name)
    t1, t2, t3 = [], [], []
    for op in sorted((s for s in trace.spans if s.name not in CHORES), key=lambda s: s.start):
        before = [e for e in wait_ends if e <= op.start]
        after = [e for e in wait_ends if e >= op.end]
        if not before or not after:
            continue  # the first pass has no wait before it
        t1.append(op.start - before[-1])
        t2.append(op.end - op.start)
        t3.append(after[0] - op.end)
    return float(numpy.median(t1)), float(numpy.median(t2)), float(numpy.median(t3))
