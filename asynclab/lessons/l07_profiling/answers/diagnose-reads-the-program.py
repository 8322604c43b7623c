"""diagnose reads the heavy operator's name out of the program the check hands it (fn.__closure__) instead of profiling it: the inside of what a check runs is not an answer's to read."""

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
    names = [cell.cell_contents for cell in fn.__closure__ or () if isinstance(cell.cell_contents, str)]
    return names[0], "back end"
