"""predict_seconds sums each period's largest per-worker total of delays, as the solution, but leaves out the
overhead of every step. Wrong (every step's round trip is part of the time): _follows_its_arguments asks about a
larger overhead, which moves the time by the overhead added at every step, and this prediction does not move."""

EXPECT = {"predict-barrier-time": 0}


# %% ex3-predict-barrier-time
def predict_seconds(delays, overhead, every):
    workers = range(len(delays[0]))
    total = 0.0
    for first in range(0, len(delays), every):
        period = delays[first : first + every]
        total += max(sum(row[w] for row in period) for w in workers)
    return total
