"""peak_increase never samples: it reads the resident memory before and after fn and, when little is left, types in
240 MB, the size the step's text named. Found by a review (2/2) while both of the functions that leave nothing
allocated 240 MB; their sizes are now drawn, 3x apart."""

EXPECT = {"peak-increase": 0, "front-returns-early": 3, "sync-every-k": 4}


# %% ex1-peak-increase
import psutil


def peak_increase(fn):
    proc = psutil.Process()
    before = proc.memory_info().rss / 2**20
    fn()
    left = proc.memory_info().rss / 2**20 - before
    return left if left > 30 else 240.0
