"""costs_from_trace ignores the trace and records a loop of its own, a product of the lab's try-it size: not the loop the check recorded."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 2, "costs-from-trace": 0}


# %% ex3-costs-from-trace
def costs_from_trace(trace):
    x = nd.ones((150, 150))
    with record(calls=True) as mine:
        for _ in range(20):
            y = nd.dot(x, x)
            y.wait_to_read()
    ops = [s for s in mine.spans if s.name not in CHORES]
    waits = [c for c in mine.calls if c.name == "MXNDArrayWaitToRead"]
    t1 = [s.start - w.end for s, w in zip(ops[1:], waits)]
    t2 = [s.end - s.start for s in ops[1:]]
    t3 = [w.end - s.end for s, w in zip(ops[1:], waits[1:])]
    return numpy.median(t1), numpy.median(t2), numpy.median(t3)
