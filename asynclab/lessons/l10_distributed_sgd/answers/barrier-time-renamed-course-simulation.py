"""predict_seconds is lesson 10's simulation.simulate_sync re-typed under other names, its two checks of the arguments in the other order, the delays handed in taking the place of the drawn computing times: the course's simulation, copied, instead of a prediction."""

EXPECT = {"predict-barrier-time": 0}


# %% ex3-predict-barrier-time
from types import SimpleNamespace

import numpy as np


def _rounds(model, delays, *, rounds, backups=0):
    if rounds < 1:
        raise ValueError(f"rounds must be at least 1, got {rounds}.")
    everyone = len(delays[0])
    kept = everyone - int(backups)
    if backups < 0 or kept < 1:
        raise ValueError(f"backups must be between 0 and {everyone - 1}, got {backups}.")
    took = np.asarray(delays, dtype=float)[:rounds] + model.compute_s
    done = np.partition(took, kept - 1, axis=1)[:, kept - 1] if backups else took.max(axis=1)
    return done + model.overhead_s


def predict_seconds(delays, overhead, every):
    model = SimpleNamespace(compute_s=0.0, spread=0.0, overhead_s=overhead)
    return float(np.sum(_rounds(model, delays, rounds=len(delays))))
