"""Right answer: fit_line is the engine's models.fit_line, whose LineFit unpacks as (intercept, slope)."""

EXPECT = {"async-beats-sync": 3, "model-predicts": 2, "t1-below-synced-op": 2}


# %% ex2-fit-line
from asynclab.lessons.l03_async_speed import models

fit_line = models.fit_line
