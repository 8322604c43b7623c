"""predict_staleness runs lesson 10's own simulation (simulation.simulate_async and StepModel), reached with
pkgutil.resolve_name("module:attr"), which the judge reads as the dotted name it is. The course's simulation, not a prediction: it should earn nothing."""

EXPECT = {"predict-staleness": 0}


# %% ex2-predict-staleness
import pkgutil

import numpy as np


def predict_staleness(step_seconds):
    simulate = pkgutil.resolve_name("asynclab.lessons.l10_distributed_sgd.simulation:simulate_async")
    model = pkgutil.resolve_name("asynclab.lessons.l10_distributed_sgd.simulation:StepModel")(0.0, 0.0, 0.0)
    slow = step_seconds[-1]
    counts = [int(120 * slow / s) + 1 for s in step_seconds[:-1]] + [100]
    run = simulate(model, step_seconds, steps=counts)
    return float(np.median(run.staleness[run.rank == len(step_seconds) - 1]))
