"""Uses each period's mean delay per worker, as if a barrier waited for the average worker."""

EXPECT = {"predict-barrier-time": 0}


# %% ex3-predict-barrier-time
def predict_seconds(delays, overhead, every):
    total = 0.0
    for first in range(0, len(delays), every):
        period = delays[first : first + every]
        sums = [sum(row[w] for row in period) for w in range(len(delays[0]))]
        total += sum(sums) / len(sums)
    return total + len(delays) * overhead
