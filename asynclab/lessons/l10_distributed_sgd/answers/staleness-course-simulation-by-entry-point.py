"""predict_staleness runs lesson 10's own simulation (simulation.simulate_async and StepModel), loaded through
importlib.metadata.EntryPoint("...", "module:attr", "...").load() on a name joined at run time, so that no
constant string names the course: the course's simulation, not a prediction, and it should earn nothing."""

EXPECT = {"predict-staleness": 0}


# %% ex2-predict-staleness
from importlib.metadata import EntryPoint

import numpy as np

_WHERE = ".".join(["asynclab", "lessons", "l10_distributed_sgd", "simulation"])


def _load(attr):
    return EntryPoint(name=attr, value=_WHERE + ":" + attr, group="course").load()


def predict_staleness(step_seconds):
    simulate = _load("simulate_async")
    model = _load("StepModel")(0.0, 0.0, 0.0)
    slow = step_seconds[-1]
    counts = [int(120 * slow / s) + 1 for s in step_seconds[:-1]] + [100]
    run = simulate(model, step_seconds, steps=counts)
    return float(np.median(run.staleness[run.rank == len(step_seconds) - 1]))
