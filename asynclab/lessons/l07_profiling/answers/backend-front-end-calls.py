"""backend_ms adds up the MXNET_C_API section: the front end's calls, which return at once."""

EXPECT = {"agrees-with-clock": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
profile = None


# %% ex2-backend-ms
def backend_ms(fn):
    table = profile(fn)
    return float(table[table.section == "MXNET_C_API"].total.sum())
