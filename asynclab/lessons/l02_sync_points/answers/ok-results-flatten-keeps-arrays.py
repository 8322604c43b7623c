"""Right answer: the usual list-comprehension flatten of what step() returned (dict values, lists and tuples, to any depth), keeping only the leaves that are arrays (the steps return strings and numbers too), then a wait on each."""

EXPECT = {
    "waits-for-results": 2,
    "steps-overlap-reads": 1,
    "error-a-step-late": 2,
    "blame-right-line": 3,
    "predict-error-line": 2,
    "fair-clocks": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
import time


# %% ex1-result-seconds
def flatten(x):
    if isinstance(x, dict):
        return [leaf for item in x.values() for leaf in flatten(item)]
    if isinstance(x, (list, tuple)):
        return [leaf for item in x for leaf in flatten(item)]
    return [x] if hasattr(x, "wait_to_read") else []


def result_seconds(step):
    start = time.perf_counter()
    for leaf in flatten(step()):
        leaf.wait_to_read()
    return time.perf_counter() - start
