"""result_seconds opens a dict only at the top level (the step's dict of results) and then walks lists and
tuples to any depth, waiting for every array it finds there: a dict nested inside a list or a tuple (a list
of per-layer gradient dicts, a tuple holding a dict of weights) is taken for a plain value and none of its
arrays is waited for. Wrong for results nested to any depth: the check's nested step returns the array that
finishes last in a dict inside a tuple, and the clock stops before it exists."""

EXPECT = {"waits-for-results": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time


# %% ex1-result-seconds
def result_seconds(step):
    """Seconds from calling step() until every array it returned is computed (and no longer)."""
    start = time.perf_counter()
    results = step()
    if isinstance(results, dict):  # a step hands back a dict of named results
        results = list(results.values())
    todo = [results]
    while todo:
        value = todo.pop()
        if isinstance(value, (list, tuple)):
            todo.extend(value)
        elif hasattr(value, "wait_to_read"):
            value.wait_to_read()
    return time.perf_counter() - start
