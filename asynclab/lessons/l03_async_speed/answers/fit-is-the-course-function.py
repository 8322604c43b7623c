"""fit_line is the course's own models.fit_line (the lesson's answer key, handed in as the student's): copied, so it earns nothing."""

EXPECT = {"async-beats-sync": 3, "model-predicts": 0, "t1-below-synced-op": 2}


# %% ex2-fit-line
from asynclab.lessons.l03_async_speed import models

fit_line = models.fit_line
