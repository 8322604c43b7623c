"""Reads the drawn kind from the work's defaults and closure, the attributes' names written in upper case and lowered at run time. The judge refuses reading the inside of a function in any case, and getattr of a name made at run time. Found by a review (2/2 before)."""

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
def waits_for_back_end(work):
    work()
    nd.waitall()
    inner = getattr(work, "__DEFAULTS__".lower())[0]
    found = [getattr(cell, "CELL_CONTENTS".lower()) for cell in getattr(inner, "__CLOSURE__".lower())]
    return any(
        value in ("reads a number", "waits for its first product", "logs a row's mean", "waits for everything")
        for value in found
        if isinstance(value, str)
    )
