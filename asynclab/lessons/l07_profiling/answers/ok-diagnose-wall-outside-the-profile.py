"""Right answer written differently: the wall time comes from a run of its own, outside the profile, and the side from whether the back end was idle for more of it than it was busy."""

EXPECT = {"diagnoses-the-program": 3}


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
    nd.waitall()
    start = time.perf_counter()
    fn()
    nd.waitall()
    wall_ms = 1e3 * (time.perf_counter() - start)
    table = profile(fn)
    work = table[table["section"].eq("operator") & ~table["name"].isin(CHORES)]
    busy_ms = float(work["total"].sum())
    idle_ms = wall_ms - busy_ms
    return str(work.loc[work["total"].idxmax(), "name"]), "front end" if idle_ms > busy_ms else "back end"
