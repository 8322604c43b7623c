"""predict_seconds returns at once a float subclass whose __float__ does the slow work (here a 1.5 s sleep that
stands for a measurement) and only then the solution's figure: the check's 1 s limit times the call and
reading its value as a number. A prediction that takes 1.5 s must earn nothing."""

EXPECT = {"predict-barrier-time": 0}


# %% ex3-predict-barrier-time
import time


class _Later(float):
    def __float__(self):
        time.sleep(1.5)  # a measurement would run here, after the check's clock
        return float.__float__(self)


def predict_seconds(delays, overhead, every):
    workers = range(len(delays[0]))
    total = 0.0
    for first in range(0, len(delays), every):
        period = delays[first : first + every]
        total += max(sum(row[w] for row in period) for w in workers)
    return _Later(total + len(delays) * overhead)
