"""busy_ms times fn() by the process's CPU time, scaled by 0.75 to fit the FAIL lines: no profiler, and the Python work between the rounds uses the CPU too, more of it in one fn than in the other."""

EXPECT = {"busy-across-devices": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import nd


# %% ex2-busy-ms
def busy_ms(fn):
    nd.waitall()
    start = time.process_time()
    fn()
    nd.waitall()
    return 1e3 * 0.75 * (time.process_time() - start)
