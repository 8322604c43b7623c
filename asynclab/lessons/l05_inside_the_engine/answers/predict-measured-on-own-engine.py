"""Measures instead of predicting: runs step 5's program on the student's own StudentEngine with 5 ms
operations and reads each operation's round off the measured starts and ends. Right rounds, no
prediction. Found by a review (2/2); predict-schedule names the course's engine module as what runs
what it predicts, and a prediction computed with it, or with a class built on it, scores 0."""

EXPECT = {"predict-schedule": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.engine import ThreadedVarEngineBase  # noqa: F401


# %% ex5-predict-schedule
import time

TABLE = [
    ("load x", "", "x"),
    ("load y", "", "y"),
    ("load v", "", "v"),
    ("z = f(x, y)", "xy", "z"),
    ("x[:] = 0", "", "x"),
    ("w = g(v)", "v", "w"),
    ("print(x)", "x", ""),
    ("out = h(z, w)", "zw", "o"),
]

with StudentEngine(num_workers=2) as trial:  # noqa: F821 - the student's engine of step 2
    known = {n: trial.new_var(n) for n in "xyvzwo"}
    for label, reads, writes in TABLE:
        trial.push(
            lambda: time.sleep(0.005),
            reads=[known[n] for n in reads],
            mutates=[known[n] for n in writes],
            name=label,
        )
    trial.wait_all(timeout=10)

PREDICTED_ROUNDS = {}
for record in sorted(trial.records, key=lambda r: r.start):
    before = [PREDICTED_ROUNDS[r.name] for r in trial.records if r.name in PREDICTED_ROUNDS and r.end <= record.start]
    PREDICTED_ROUNDS[record.name] = 1 + max(before) if before else 0
