"""result_seconds flattens what step() returned two levels deep (a dict's values, a list's items and the lists inside them), not recursively: an array nested deeper is never waited for; it scored full marks while the check's steps nested no deeper than a list in a dict; now the last array of the nested step lies in a list in a tuple, and it misses it."""

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
    top = list(results.values()) if isinstance(results, dict) else results
    if not isinstance(top, (list, tuple)):
        top = [top]
    for item in top:
        inner = item if isinstance(item, (list, tuple)) else [item]
        for array in inner:
            if hasattr(array, "wait_to_read"):
                array.wait_to_read()
    return time.perf_counter() - start
