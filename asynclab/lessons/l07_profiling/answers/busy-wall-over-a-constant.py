"""busy_ms times fn() with the wall clock and divides by 2.5, a guess at how much longer fn runs than its products: no profiler at all, a figure that fits one length of pause at most."""

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
    return 1e3 * (time.perf_counter() - start) / 2.5
