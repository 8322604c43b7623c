"""peak_increase runs fn but returns NaN instead of the peak it reached."""

EXPECT = {"peak-increase": 0, "front-returns-early": 3, "sync-every-k": 4}


# %% ex1-peak-increase
def peak_increase(fn):
    fn()
    return float("nan")
