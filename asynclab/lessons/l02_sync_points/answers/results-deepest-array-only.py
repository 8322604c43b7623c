"""result_seconds waits only for the array nested deepest in what step() returned, on the theory that the step computes its results from the outside in, so the one buried deepest finishes last. It held for the nested step, whose last array lies three levels down; the loss step returns its slow loss at the top level and a quick update in a list below it."""

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
    def arrays_with_depth(value, depth=0):
        if isinstance(value, dict):
            value = list(value.values())
        if isinstance(value, (list, tuple)):
            return [found for item in value for found in arrays_with_depth(item, depth + 1)]
        return [(depth, value)] if hasattr(value, "wait_to_read") else []

    start = time.perf_counter()
    found = arrays_with_depth(step())
    if found:
        max(found, key=lambda pair: pair[0])[1].wait_to_read()
    return time.perf_counter() - start
