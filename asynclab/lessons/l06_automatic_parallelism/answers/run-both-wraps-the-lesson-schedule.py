"""run_both is a function of the student's own that imports the lesson's module under another name and calls its interleaved schedule: still the course's code."""

EXPECT = {"two-devices-at-once": 0}


# %% ex1-run-both
def run_both(xa, xb, reps):
    import asynclab.lessons.l06_automatic_parallelism.parallelism as schedules

    results = schedules.interleaved(xa, xb, reps)
    return list(results)
