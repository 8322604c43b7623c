"""Found by a red team (round 15). result_seconds walks dicts and tuples (what a step's `return loss, grads` and
metrics dicts are) but not lists: an array returned inside a list is never waited for, so a gradient wrapped
in a list stops the clock early. It scored 2 in 1 of 9 runs, one that drew no list around the nested step's
last array; a list is now always among the containers drawn there."""

EXPECT = {"waits-for-results": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time


# %% ex1-result-seconds
def result_seconds(step):
    """Seconds from calling step() until every array it returned is computed (and no longer)."""

    def wait_for(value):
        if isinstance(value, dict):
            for item in value.values():
                wait_for(item)
        elif isinstance(value, tuple):
            for item in value:
                wait_for(item)
        elif hasattr(value, "wait_to_read"):
            value.wait_to_read()

    start = time.perf_counter()
    results = step()
    wait_for(results)
    return time.perf_counter() - start
