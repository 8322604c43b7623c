"""time_steps is lesson 02's own StepTimer(sync=True) and blame_loop, loaded by a module name joined from pieces
with importlib reached as an attribute of the course's foundation.backends package (`backends.importlib`), which
imports it: the course's timing, not the student's. The judge resolves backends.importlib.import_module to
importlib.import_module, whose computed name hides what it loads: 0."""

EXPECT = {"blame-right-line": 0}


# %% ex3-time-steps
from asynclab.foundation import backends

HOME = ".".join(["asynclab", "lessons", "l02_sync_points", "syncpoints"])


def time_steps(x):
    lesson = backends.importlib.import_module(HOME)
    timer = lesson.StepTimer(sync=True)
    lesson.blame_loop(x, timer, iterations=1)
    return dict(zip(("dot", "relu", "mean", "item"), timer.totals.values()))
