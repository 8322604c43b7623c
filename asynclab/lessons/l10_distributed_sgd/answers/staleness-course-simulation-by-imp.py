"""Found by a red team: predict_staleness runs lesson 10's own simulation (simulate_async and StepModel), loaded from its file with the deprecated imp.load_source (still in Python 3.11, now among the judge's HIDING_TOOLS, which list importlib.util, runpy, pkgutil, ...), the file found next to the lesson module the lab's setup cell imports (distributed.__file__). No import statement or dotted string names the course's simulation, so the judge cannot tell it is the course's code: the course's simulation, not a prediction."""

EXPECT = {"predict-staleness": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.lessons.l10_distributed_sgd import distributed


# %% ex2-predict-staleness
import imp
import os

import numpy as np

_simulation = imp.load_source("_my_model", os.path.join(os.path.dirname(distributed.__file__), "simulation.py"))


def predict_staleness(step_seconds):
    model = _simulation.StepModel(0.0, 0.0, 0.0)
    slow = step_seconds[-1]
    counts = [int(120 * slow / s) + 1 for s in step_seconds[:-1]] + [100]
    run = _simulation.simulate_async(model, step_seconds, steps=counts)
    return float(np.median(run.staleness[run.rank == len(step_seconds) - 1]))
