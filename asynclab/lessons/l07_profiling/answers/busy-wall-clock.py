"""busy_ms returns the wall time of fn(), pauses included."""

EXPECT = {"busy-across-devices": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import nd


# %% ex2-busy-ms
def busy_ms(fn):
    nd.waitall()
    start = time.perf_counter()
    fn()
    nd.waitall()
    return 1e3 * (time.perf_counter() - start)
