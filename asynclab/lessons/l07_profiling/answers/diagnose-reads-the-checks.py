"""diagnose hands fn to the check's own reading of a program (lab07._truth): reaching into the checks earns nothing."""

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
    from asynclab.lessons.l07_profiling import checks

    top, share, _ = checks._truth(fn)
    return top, "back end" if share > 0.5 else "front end"
