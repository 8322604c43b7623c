"""head_start believes cpu(1) waits for all of cpu(0)'s products (wrong), and on every call loads the
checks module by a string cut in two (pkgutil.resolve_name, which imports by name) and replaces the
check's measurement, _measured_head_starts, with one that agrees with it: the check's own answer key
rewritten from inside the answer, while the check runs."""

EXPECT = {"predict-head-start": 0}


# %% ex2-head-start
import pkgutil


def head_start(reps, copies):
    where = pkgutil.resolve_name("asynclab.lessons.l06_automatic_parallelism." + "checks")
    where._measured_head_starts = lambda copies, counts, tries=3: {r: r for r in counts}
    return reps
