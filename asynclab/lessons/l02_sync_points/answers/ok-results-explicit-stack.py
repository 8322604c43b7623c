"""A right answer from a red team (round 15), written differently: walks the results with an explicit stack
instead of recursion, and waits for each array it finds with asnumpy()."""

EXPECT = {"waits-for-results": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
import time


# %% ex1-result-seconds
def result_seconds(step):
    from collections.abc import Mapping

    from mxnet import nd

    start = time.perf_counter()
    pending = [step()]
    while pending:
        item = pending.pop()
        if isinstance(item, Mapping):
            pending.extend(item.values())
        elif isinstance(item, (list, tuple)):
            pending.extend(item)
        elif isinstance(item, nd.NDArray):  # mx.np's arrays are NDArrays too
            item.asnumpy()
    return time.perf_counter() - start
