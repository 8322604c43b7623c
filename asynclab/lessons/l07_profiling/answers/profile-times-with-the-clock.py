"""profile returns a one-row table of the block's wall time instead of the profiler's table."""

EXPECT = {"diagnoses-the-program": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time
from mxnet import nd


# %% ex1-diagnose
def profile(fn):
    import pandas as pd

    start = time.perf_counter()
    fn()
    nd.waitall()
    ms = 1e3 * (time.perf_counter() - start)
    return pd.DataFrame([{"section": "operator", "name": "fn", "count": 1, "total": ms}])


def diagnose(fn):
    walls = []

    def timed():
        start = time.perf_counter()
        fn()
        nd.waitall()
        walls.append(time.perf_counter() - start)

    table = profile(timed)
    operators = table[(table.section == "operator") & ~table.name.isin(CHORES)]
    heaviest = operators.sort_values("total", ascending=False).name.iloc[0]
    return heaviest, "back end" if operators.total.sum() > 0.5 * 1e3 * walls[0] else "front end"
