"""result_seconds waits for the arrays at the top level of what step() returned and skips the ones inside lists and dicts."""

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
    items = (
        results.values() if isinstance(results, dict) else results if isinstance(results, (list, tuple)) else [results]
    )
    for item in items:
        if hasattr(item, "wait_to_read"):
            item.wait_to_read()
    return time.perf_counter() - start
