"""diagnose is right, but the cell also rewrites pandas' DataFrame.sort_values at its top level, so that every
table sorted afterwards comes out heaviest-per-call first: lab 07's checks sort pandas tables to find the truth
they compare with, so the rewrite changes what every check after the cell measures. Every check after it
scores 0, with a sentence that blames the cell (pandas was not among the modules guarded before)."""

EXPECT = {
    "diagnoses-the-program": 0,
    "busy-across-devices": 0,
    "predict-allocations": 0,
    "momentum-allocates-nothing": 0,
}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import nd, profiler
from asynclab.foundation.profiling import CHORES, aggregate

TRACE = ""


# %% ex1-diagnose
import pandas as pd

_sort = pd.DataFrame.sort_values


def _by_avg_first(self, by, *args, **kwargs):
    if by == "total" and "avg" in self.columns:
        by = ["avg", "total"]
    return _sort(self, by, *args, **kwargs)


pd.DataFrame.sort_values = _by_avg_first


def profile(fn):
    profiler.set_config(profile_imperative=True, aggregate_stats=True, filename=TRACE)
    profiler.dumps(reset=True)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    return aggregate(profiler.dumps(reset=True))


def diagnose(fn):
    start = time.perf_counter()
    table = profile(fn)
    wall_ms = 1e3 * (time.perf_counter() - start)
    operators = table[(table.section == "operator") & ~table.name.isin(CHORES)]
    totals = operators.groupby("name").total.sum()
    heaviest = totals.idxmax()
    return heaviest, "back end" if totals.sum() >= 0.5 * wall_ms else "front end"
