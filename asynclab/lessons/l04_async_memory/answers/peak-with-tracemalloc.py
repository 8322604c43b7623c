"""peak_increase uses tracemalloc: it sees Python/NumPy allocations only, not resident memory (MXNet's back end is invisible)."""

EXPECT = {"peak-increase": 0, "front-returns-early": 3, "sync-every-k": 4}


# %% ex1-peak-increase
import tracemalloc


def peak_increase(fn):
    """Run fn() and return its peak resident memory above the start, in MB."""
    tracemalloc.start()
    fn()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 1e6
