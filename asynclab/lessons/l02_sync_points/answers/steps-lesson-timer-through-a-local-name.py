"""time_steps is lesson 02's StepTimer(sync=True) and blame_loop, called for one pass through a local name for the
lesson's module, their labels mapped to the step's keys: the lesson's own code does the step's whole work: 0."""

EXPECT = {"blame-right-line": 0}


# %% ex3-time-steps
from asynclab.lessons.l02_sync_points import syncpoints


def time_steps(x):
    lesson = syncpoints
    timer = lesson.StepTimer(sync=True)
    lesson.blame_loop(x, timer, iterations=1)
    totals = timer.totals
    return dict(zip(("dot", "relu", "mean", "item"), (totals[line] for line in lesson.BLAME_STEPS)))
