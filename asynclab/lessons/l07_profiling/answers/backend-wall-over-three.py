"""backend_ms times fn() with the wall clock and divides by three, the products' share of fn's time when each of its three products is followed by a pause three times its length (as the step once said): no profiler at all, a figure that fits only one pause. The pause is drawn per size, short at one and long at the other, so no one divisor fits both."""

EXPECT = {"agrees-with-clock": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import nd


# %% ex2-backend-ms
def backend_ms(fn):
    nd.waitall()
    start = time.perf_counter()
    fn()
    nd.waitall()
    return 1e3 * (time.perf_counter() - start) / 3
