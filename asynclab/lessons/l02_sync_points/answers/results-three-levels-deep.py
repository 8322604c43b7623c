"""result_seconds opens what step() returned three containers deep (three nested loops over dict values and
list/tuple items) instead of recursively: an array nested four containers down is never waited for. Wrong by the
step's text ("nested to any depth"). It passed while the check's deepest array lay exactly three containers down;
it now lies four to six down (drawn). The catalogue's results-two-levels-only one level deeper."""

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
    """Seconds from calling step() until every array it returned is computed (and no longer)."""

    def opened(value):
        if isinstance(value, dict):
            return list(value.values())
        if isinstance(value, (list, tuple)):
            return list(value)
        return [value]

    start = time.perf_counter()
    results = step()
    for first in opened(results):  # a dict of results ...
        for second in opened(first):  # ... of tuples or lists ...
            for third in opened(second):  # ... of dicts of arrays
                if hasattr(third, "wait_to_read"):
                    third.wait_to_read()
    return time.perf_counter() - start
