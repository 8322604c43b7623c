"""A right answer written differently: a stack instead of recursion, and every array copied to NumPy (a wait, and a small copy) instead of wait_to_read."""

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
def result_seconds(step):
    start = time.perf_counter()
    stack = [step()]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, (list, tuple)):
            stack.extend(value)
        elif hasattr(value, "asnumpy"):
            value.asnumpy()
    return time.perf_counter() - start
