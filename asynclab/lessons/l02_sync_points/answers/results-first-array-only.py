"""result_seconds waits only for the first array it finds in what step() returned."""

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
    start = time.perf_counter()
    results = step()
    pending = [results]
    while pending:
        value = pending.pop(0)
        if isinstance(value, dict):
            pending = list(value.values()) + pending
        elif isinstance(value, (list, tuple)):
            pending = list(value) + pending
        elif hasattr(value, "wait_to_read"):
            value.wait_to_read()
            break
    return time.perf_counter() - start
