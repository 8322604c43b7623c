"""PREDICTED is not predicted: the cell imports the check's own error_line and runs every program under both engines
with it, reaching into the checks."""

EXPECT = {
    "waits-for-results": 2,
    "predict-error-line": 0,
    "steps-overlap-reads": 1,
    "error-a-step-late": 2,
    "blame-right-line": 3,
    "fair-clocks": 2,
}

# %% ex-predict-error-line
from asynclab.lessons.l02_sync_points.checks import ENGINES, PROGRAMS, error_lines

PREDICTED = {program: {key: error_lines(engine)[program] for key, engine in ENGINES.items()} for program in PROGRAMS}
