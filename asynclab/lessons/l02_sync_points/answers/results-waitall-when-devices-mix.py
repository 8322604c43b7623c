"""result_seconds collects every array step() returned (through lists, tuples and dicts, to any depth) and
waits for each of them, unless they live on more than one device: then it calls nd.waitall() "since per-array
waits across devices are not reliable". Wrong: waitall waits for everything queued, so a step that returns
arrays on two devices while it also queued work nobody asked for is charged for that work too, exactly what
step 1 forbids. The check's elsewhere step returns an array of cpu(1), computed before it, beside its product
on cpu(0), while eight products nobody asked for run on cpu(1)."""

EXPECT = {"waits-for-results": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import nd


# %% ex1-result-seconds
def result_seconds(step):
    """Seconds from calling step() until every array it returned is computed (and no longer)."""

    def arrays_in(value):
        if isinstance(value, dict):
            return [a for v in value.values() for a in arrays_in(v)]
        if isinstance(value, (list, tuple)):
            return [a for v in value for a in arrays_in(v)]
        return [value] if hasattr(value, "wait_to_read") else []

    start = time.perf_counter()
    arrays = arrays_in(step())
    if len({str(a.ctx) for a in arrays}) > 1:
        nd.waitall()  # results spread over devices: one global wait instead of a wait per device
    else:
        for array in arrays:
            array.wait_to_read()
    return time.perf_counter() - start
