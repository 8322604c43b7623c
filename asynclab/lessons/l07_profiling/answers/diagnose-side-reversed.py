"""diagnose gets the operator right but the side the wrong way round: a back end busy most of the time is taken for one that waits."""

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
    start = time.perf_counter()
    table = profile(fn)
    wall_ms = 1e3 * (time.perf_counter() - start)
    operators = table[(table.section == "operator") & ~table.name.isin(CHORES)]
    heaviest = operators.sort_values("total", ascending=False).name.iloc[0]
    return heaviest, "front end" if operators.total.sum() > 0.5 * wall_ms else "back end"
