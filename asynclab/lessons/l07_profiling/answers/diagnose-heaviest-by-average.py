"""diagnose names the operator with the longest time per call (the aggregate table's avg column) instead of the one that took the most of the back end's time in all (total)."""

EXPECT = {"diagnoses-the-program": 0}


# %% ex1-diagnose
def profile(fn):
    profiler.set_config(profile_imperative=True, aggregate_stats=True, filename=TRACE)
    profiler.dumps(reset=True)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    return aggregate(profiler.dumps(reset=True))


def diagnose(fn):
    walls = []

    def timed():
        start = time.perf_counter()
        fn()
        nd.waitall()
        walls.append(time.perf_counter() - start)

    table = profile(timed)
    operators = table[(table.section == "operator") & ~table.name.isin(CHORES)]
    slowest = operators.sort_values("avg", ascending=False).name.iloc[0]  # the slowest operator, call for call
    return slowest, "back end" if operators.total.sum() > 0.5 * 1e3 * walls[0] else "front end"
