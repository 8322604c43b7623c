"""peak_increase runs fn but returns a figure of almost nothing instead of the peak it reached."""

EXPECT = {"peak-increase": 0, "front-returns-early": 2, "sync-bounds-memory": 2, "sync-every-k": 3}


# %% ex1-peak-increase
def peak_increase(fn):
    fn()
    return 1e-12
