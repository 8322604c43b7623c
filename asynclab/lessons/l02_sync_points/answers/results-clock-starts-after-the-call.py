"""result_seconds starts its clock only once step() has returned, timing the wait for the results and not the
step: whatever the step does on the front end before it returns (its Python, the issuing, a data loader's
wait) is left out. Right only for steps that return at once; the check's loader step waits for its batch
before it returns."""

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
    def wait_for(value):
        if isinstance(value, dict):
            value = list(value.values())
        if isinstance(value, (list, tuple)):
            for item in value:
                wait_for(item)
        elif hasattr(value, "wait_to_read"):
            value.wait_to_read()

    results = step()  # queued: the time is in the wait
    start = time.perf_counter()
    wait_for(results)
    return time.perf_counter() - start
