"""profile hands fn to the check's own profiling helper (lab07._profiled): reaching into the checks earns nothing, here and in backend_ms, which uses it."""

EXPECT = {"names-the-hotspot": 0, "agrees-with-clock": 0}

# Imports for linters: the check cells import lab07 when graded.
lab07 = None


# %% ex1-profile
def profile(fn):
    lab07._checking[0] += 1  # the helper refuses to run outside a check of its own
    try:
        table = lab07._profiled(fn)
    finally:
        lab07._checking[0] -= 1
    return table[table.section == "operator"]
