"""Found by a red team (round 16): predict_staleness runs lesson 10's own simulation (simulation.simulate_async and
StepModel), loaded from its file by the loader of the lesson module the lab's setup cell imports:
type(distributed.__loader__)(name, path).load_module(), the path made from distributed.__file__. No import, no
string naming a module, no importlib in the cell. The course's simulation, not a prediction: it should earn nothing."""

EXPECT = {"predict-staleness": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.lessons.l10_distributed_sgd import distributed


# %% ex2-predict-staleness
import numpy as np

_here = distributed.__file__
_course = type(distributed.__loader__)("lesson_model", _here[: -len("distributed.py")] + "simulation.py").load_module()


def predict_staleness(step_seconds):
    model = _course.StepModel(0.0, 0.0, 0.0)
    slow = step_seconds[-1]
    counts = [int(120 * slow / s) + 1 for s in step_seconds[:-1]] + [100]
    run = _course.simulate_async(model, step_seconds, steps=counts)
    return float(np.median(run.staleness[run.rank == len(step_seconds) - 1]))
