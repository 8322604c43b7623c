"""train_until is the synchronous loop (it reads every loss at once, 0.92-1.02x of the check's loop), and the
cell, at its top level, replaces MXNet's NDArray.asscalar with a version that sleeps 20 ms before it reads:
train_until reads its losses with the original, kept aside, while the check's own loop, which reads every loss
with step(x).asscalar() (l.242), now pays 20 ms more per batch, about three to eight times a step here (the
source's delay is clamped to 0.5-10 ms, l.218), so it takes 2-6x as long per batch as train_until (needs
>= 1.35x). Rewriting a module the answer imports is what the judge's 'tampers' verdict refuses, and the same
line inside train_until is refused; at module level it is not, although train_until uses the name nd (so the
statement is in its closure): copies._bindings records `nd.NDArray.asscalar = ...` as a new binding of nd with
no dotted name (copies.py l.843, l.903), so _tampers (l.1244) no longer counts nd as imported. Found by a review (round 6): the judge now takes an attribute set on an imported module at a cell's top level (nd.NDArray.asscalar = f) for a change of that module. The two checks after it read
their truth with the slowed asscalar too (on one core both failed in the bench), so the judge refuses the
top-level change on every check after the cell, data or function: 0 on all three."""

EXPECT = {"async-beats-sync": 0, "predict-lagged-k": 0, "costs-from-trace": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex1-train-until
import time

_read = nd.NDArray.asscalar  # the original, for this loop


def _read_settled(self):
    """asscalar, after letting the value settle."""
    time.sleep(0.02)
    return _read(self)


nd.NDArray.asscalar = _read_settled


def train_until(batches, step, target):
    """Index of the first batch whose loss is below target."""
    nd.waitall()
    for i, batch in enumerate(batches):
        if _read(step(batch)) < target:  # every loss read at once: nothing overlaps
            return i
    return None
