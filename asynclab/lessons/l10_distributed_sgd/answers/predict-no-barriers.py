"""Ignores the barriers: the slowest worker's total delay, as if nobody ever waited for anyone (asynchronous SGD without a barrier). Too short when the slow steps move from worker to worker between barriers."""

EXPECT = {"predict-barrier-time": 0}


# %% ex3-predict-barrier-time
def predict_seconds(delays, overhead, every):
    per_worker = [sum(row[w] for row in delays) for w in range(len(delays[0]))]
    return max(per_worker) + len(delays) * overhead  # the slowest worker sets the pace
