"""costs_from_trace hands the trace to the check's own reading of it: reaching into the checks earns nothing."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 2, "costs-from-trace": 0}


# %% ex3-costs-from-trace
def costs_from_trace(trace):
    import statistics

    from asynclab.lessons.l03_async_speed import checks

    return checks._trace_costs(trace, statistics.median)
