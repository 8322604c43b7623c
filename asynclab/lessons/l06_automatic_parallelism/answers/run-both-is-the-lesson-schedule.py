"""run_both is the lesson's own schedule (parallelism.interleaved), handed in as the student's: it earns nothing."""

EXPECT = {"two-devices-at-once": 0}

# %% ex1-run-both
from asynclab.lessons.l06_automatic_parallelism import parallelism

run_both = parallelism.interleaved
