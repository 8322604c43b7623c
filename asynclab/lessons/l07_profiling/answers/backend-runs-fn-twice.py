"""backend_ms warms fn up by running it once before profiling it."""

EXPECT = {"agrees-with-clock": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd

profile = None
CHORES = []


# %% ex2-backend-ms
def backend_ms(fn):
    fn()
    nd.waitall()
    table = profile(fn)
    ops = table[(table.section == "operator") & ~table.name.isin(CHORES)]
    return float(ops.total.sum())
