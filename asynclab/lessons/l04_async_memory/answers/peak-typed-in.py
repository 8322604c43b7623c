"""peak_increase ignores fn and returns the figure the lesson printed."""

EXPECT = {"peak-increase": 0, "front-returns-early": 3, "sync-every-k": 4}


# %% ex1-peak-increase
def peak_increase(fn):
    fn()
    return 150.0
