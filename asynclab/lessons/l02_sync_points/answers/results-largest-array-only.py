"""Found by a red team: result_seconds collects every array step() returned, through lists, tuples and dicts, but waits only for the largest of them, on the theory that the biggest array is the one that finishes last. It scored full marks while the largest array of every step the check handed over did finish last; a small array can finish last (a loss of one number that is the mean of a product it does not return, on another device), and then the clock stops before it exists: the check's loss step returns such a loss beside a larger update."""

EXPECT = {
    "waits-for-results": 0,
    "steps-overlap-reads": 1,
    "error-a-step-late": 2,
    "blame-right-line": 3,
    "predict-error-line": 2,
    "fair-clocks": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
import time


# %% ex1-result-seconds
def result_seconds(step):
    def arrays_in(value):
        if isinstance(value, dict):
            value = list(value.values())
        if isinstance(value, (list, tuple)):
            found = []
            for item in value:
                found.extend(arrays_in(item))
            return found
        return [value] if hasattr(value, "wait_to_read") else []

    start = time.perf_counter()
    results = step()
    arrays = arrays_in(results)
    if arrays:
        max(arrays, key=lambda a: a.size).wait_to_read()
    return time.perf_counter() - start
