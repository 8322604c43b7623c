"""backend_ms reads how the check's fn pauses (lab07.PRODUCTS, lab07.PAUSE_FACTORS) and takes the products' share of fn's wall time: reaching into the checks earns nothing."""

EXPECT = {"agrees-with-clock": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time
from mxnet import nd


# %% ex2-backend-ms
from asynclab.lessons.l07_profiling import checks


def backend_ms(fn):
    nd.waitall()
    start = time.perf_counter()
    fn()
    nd.waitall()
    return 1e3 * (time.perf_counter() - start) / (1 + checks.PAUSE_FACTORS[0][0])
