"""result_seconds groups the arrays step() returned (through lists, tuples and dicts, to any depth) by the
device they live on and waits, per device, only for the largest of them, on the theory that each device's
work is one queue whose biggest result finishes last, while devices run side by side (the patch a student
makes to "wait for the largest array only" after reading that a small loss on cpu(1) finished after a larger
update on cpu(0)). Wrong: on one device a small array can finish long after a larger one, as a loss that is
the mean of a product returned beside weights computed before the step, both on cpu(0): the clock stops
before the loss exists."""

EXPECT = {"waits-for-results": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time


# %% ex1-result-seconds
def result_seconds(step):
    """Seconds from calling step() until every array it returned is computed (and no longer)."""

    def arrays_in(value):
        if isinstance(value, dict):
            value = list(value.values())
        if isinstance(value, (list, tuple)):
            found = []
            for item in value:
                found.extend(arrays_in(item))
            return found
        return [value] if hasattr(value, "wait_to_read") else []

    start = time.perf_counter()
    results = step()
    last_per_device = {}  # each device runs its queue in order: its biggest result is the one to wait for
    for array in arrays_in(results):
        device = str(array.ctx)
        if device not in last_per_device or array.size > last_per_device[device].size:
            last_per_device[device] = array
    for array in last_per_device.values():
        array.wait_to_read()
    return time.perf_counter() - start
