"""Reads the work instead of measuring it: the kind the check drew, from the closure of the function work() calls. The judge refuses reading a function's closure."""

EXPECT = {
    "overlaps-the-read": 2,
    "finds-hidden-waits": 0,
    "engine-switch-fixed": 3,
    "memory-of-result": 2,
    "predict-blocking": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import nd


# %% ex2-waits-for-back-end
WAITING = ("reads a number", "waits for its first product", "logs a row's mean", "waits for everything")


def waits_for_back_end(work):
    work()
    nd.waitall()
    inner = work.__closure__[-1].cell_contents
    return any(cell.cell_contents in WAITING for cell in inner.__closure__ if isinstance(cell.cell_contents, str))
