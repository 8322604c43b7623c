"""diagnose finds the check's module from the program it is handed (inspect.getmodule(fn)) and hands fn to
the check's own _truth: the oracle, reached without naming the checks anywhere."""

EXPECT = {"diagnoses-the-program": 0}


# %% ex1-diagnose
import inspect


def profile(fn):
    profiler.set_config(profile_imperative=True, aggregate_stats=True, filename=TRACE)
    profiler.dumps(reset=True)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    return aggregate(profiler.dumps(reset=True))


def diagnose(fn):
    top, share, _ = inspect.getmodule(fn)._truth(fn)
    return top, "back end" if share > 0.5 else "front end"
