"""The solution's model written out for three workers by position (row[0], row[1], row[2]): right on the run's
three workers, wrong for any other number. The check also asks about a fourth worker slower than the others
over the first period, which the model does not read."""

EXPECT = {"predict-barrier-time": 0}


# %% ex3-predict-barrier-time
def predict_seconds(delays, overhead, every):
    total = 0.0
    for first in range(0, len(delays), every):
        period = delays[first : first + every]
        a = sum(row[0] for row in period)
        b = sum(row[1] for row in period)
        c = sum(row[2] for row in period)
        total += max(a, b, c)
    return total + len(delays) * overhead
