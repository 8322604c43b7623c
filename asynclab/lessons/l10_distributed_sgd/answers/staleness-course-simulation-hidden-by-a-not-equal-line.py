"""predict_staleness runs lesson 10's own simulation (simulation.simulate_async and StepModel, imported by name), and guards its argument with a condition broken, PEP 8 style, before its != operator: a line that starts with ! inside brackets is Python, not a shell line, and the copy judge reads it as IPython does."""

EXPECT = {"predict-staleness": 0}


# %% ex2-predict-staleness
import numpy as np

from asynclab.lessons.l10_distributed_sgd.simulation import StepModel, simulate_async


def predict_staleness(step_seconds):
    slow = step_seconds[-1]
    # fmt: off
    if (max(step_seconds)
            != slow):
        raise ValueError("the slowest worker must come last")
    # fmt: on
    counts = [int(120 * slow / s) + 1 for s in step_seconds[:-1]] + [100]
    run = simulate_async(StepModel(0.0, 0.0, 0.0), step_seconds, steps=counts)
    return float(np.median(run.staleness[run.rank == len(step_seconds) - 1]))
