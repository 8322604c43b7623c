"""A right answer from a red team (round 15), written differently: a context manager of its own that waits for
the back end before it stops the line's clock, and a loop over the four lines written as functions."""

EXPECT = {"blame-right-line": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import np, npx


# %% ex3-time-steps
import contextlib


@contextlib.contextmanager
def charged(seconds, line):
    start = time.perf_counter()
    yield
    npx.waitall()  # the line's work is done before its clock stops
    seconds[line] = time.perf_counter() - start


def time_steps(x):
    seconds, values = {}, {"x": x}
    lines = [
        ("dot", lambda v: np.dot(v["x"], v["x"])),
        ("relu", lambda v: npx.relu(v["dot"])),
        ("mean", lambda v: v["relu"].mean()),
        ("item", lambda v: v["mean"].item()),
    ]
    for line, run in lines:
        with charged(seconds, line):
            values[line] = run(values)
    return seconds
