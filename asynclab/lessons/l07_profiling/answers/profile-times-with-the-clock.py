"""profile returns a one-row table of the block's wall time instead of the profiler's table."""

EXPECT = {"names-the-hotspot": 0, "agrees-with-clock": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time
from mxnet import nd


# %% ex1-profile
def profile(fn):
    import pandas as pd

    start = time.perf_counter()
    fn()
    nd.waitall()
    ms = 1e3 * (time.perf_counter() - start)
    return pd.DataFrame([{"section": "operator", "name": "fn", "count": 1, "total": ms}])
