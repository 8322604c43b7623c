"""result_seconds walks what step() returned to any depth and, when every array lies on the current device,
stops its clock with one nd.waitall() (taken, like torch.cuda.synchronize(), for a wait on that device's queue);
only results spread over devices get a wait per array. Wrong: nd.waitall() waits for everything queued anywhere,
so a step whose results all live on cpu(0) while it logs on cpu(1) is charged for the log (the check's lone
product now queues products on cpu(1) that it does not return)."""

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

from mxnet import nd


# %% ex1-result-seconds
def result_seconds(step):
    """Seconds from calling step() until every array it returned is computed (and no longer)."""
    import mxnet as mx

    def gather(found, into):
        if isinstance(found, dict):
            found = list(found.values())
        if isinstance(found, (list, tuple)):
            for part in found:
                gather(part, into)
        elif hasattr(found, "wait_to_read"):
            into.append(found)
        return into

    here = mx.context.current_context()
    start = time.perf_counter()
    arrays = gather(step(), [])
    if all(a.ctx == here for a in arrays):
        nd.waitall()  # one call syncs this device, as torch.cuda.synchronize() does the current GPU
    else:
        for a in arrays:
            a.wait_to_read()
    return time.perf_counter() - start
