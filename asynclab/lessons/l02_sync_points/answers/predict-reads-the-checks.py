"""PREDICTED is not predicted: the cell imports the check's own error_line and runs the program under both engines with it, reaching into the checks."""

EXPECT = {"waits-for-results": 2, "predict-error-line": 0, "error-at-sync": 2, "blame-right-line": 3, "fair-clocks": 2}

# %% ex-predict-error-line
from asynclab.lessons.l02_sync_points.checks import ENGINES, error_line

PREDICTED = {key: error_line(engine) for key, engine in ENGINES.items()}
