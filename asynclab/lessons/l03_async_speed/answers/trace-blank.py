"""costs_from_trace left as the lab hands it out: a blank step earns nothing."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 2, "costs-from-trace": 0}


# %% ex3-costs-from-trace
def costs_from_trace(trace):
    """(t1, t2, t3) in seconds, medians over the passes (the first left out) of a loop that waits every time."""
    # YOUR CODE HERE
    raise NotImplementedError()
