"""profile hands fn to the check's own profiling helper (lab07._profiled): reaching into the checks earns nothing."""

EXPECT = {"diagnoses-the-program": 0}

# Imports for linters: the check cells import lab07 when graded.
lab07 = None


# %% ex1-diagnose
def profile(fn):
    table = lab07._profiled(fn)  # called from inside diagnose, which the check runs
    return table[table.section == "operator"]


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
