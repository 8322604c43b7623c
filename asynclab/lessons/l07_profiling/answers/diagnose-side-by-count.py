"""diagnose decides the side from how many operators ran (many small operations mean the front end is busy issuing): both programs run hundreds."""

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
    table = profile(fn)
    operators = table[(table.section == "operator") & ~table.name.isin(CHORES)]
    heaviest = operators.sort_values("total", ascending=False).name.iloc[0]
    return heaviest, "front end" if operators["count"].sum() > 500 else "back end"
