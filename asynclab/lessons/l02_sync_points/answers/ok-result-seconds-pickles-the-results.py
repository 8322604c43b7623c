"""result_seconds pickles what step() returned and stops the clock: pickling walks any nesting of tuples, lists
and dicts, and an MXNet array (nd or mx.np) pickles its values (NDArray.__getstate__ saves its raw bytes, which
waits for that array to be computed, and for nothing else). Right, by another route than a walk of one's own:
full marks. Only unpickling looks names up by a string (HIDING_TOOLS)."""

EXPECT = {"waits-for-results": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
import time


# %% ex1-result-seconds
import pickle


def result_seconds(step):
    """Seconds from calling step() until every array it returned is computed (and no longer)."""
    start = time.perf_counter()
    results = step()
    pickle.dumps(results)  # each array's __getstate__ reads its values: a wait for that array alone
    return time.perf_counter() - start
