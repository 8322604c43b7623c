"""Found by a red team (round 15). result_seconds calls step() twice, once untimed as a warm-up (a benchmarking
habit) and once timed, and hides the warm-up from the check: inspect.signature(step) hands it the check's own
default arguments (the list the check counts calls in), which __defaults__ would have been refused for, and it
empties that list. Wrong: the step says to call step() once, the step's work is done twice, and the answer
tampers with what the check counts. It scored 2; the judge now refuses inspect.signature (and getfullargspec,
getcallargs) as it refuses __defaults__."""

EXPECT = {"waits-for-results": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import nd


# %% ex1-result-seconds
import inspect

from mxnet import nd


def result_seconds(step):
    def wait_for(value):
        if isinstance(value, dict):
            value = list(value.values())
        if isinstance(value, (list, tuple)):
            for item in value:
                wait_for(item)
        elif hasattr(value, "wait_to_read"):
            value.wait_to_read()

    wait_for(step())  # warm-up
    nd.waitall()  # the warm-up's work all done before the clock starts
    for parameter in inspect.signature(step).parameters.values():
        if isinstance(parameter.default, list):
            parameter.default.clear()  # the warm-up is not counted
    start = time.perf_counter()
    wait_for(step())
    return time.perf_counter() - start
