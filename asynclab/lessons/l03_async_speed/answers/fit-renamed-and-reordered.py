"""fit_line is the course's own fit (asynclab.foundation.timing.fit_line) with every name changed and its lines reordered: still re-typed course code."""

EXPECT = {"model-predicts": 0}

# %% ex2-fit-line
import math


def as_numbers(seq, label):
    try:
        result = [float(item) for item in seq]
    except (TypeError, ValueError):
        raise TypeError(f"{label} must be a sequence of numbers.") from None
    if not all(math.isfinite(item) for item in result):
        raise ValueError(f"{label} contains a value that is not finite.")
    return result


def fit_line(ns, seconds):
    # my own least squares
    px, py = as_numbers(ns, "ns"), as_numbers(seconds, "seconds")
    count = len(px)
    if count < 2:
        raise ValueError("a line needs at least two points.")
    if len(px) != len(py):
        raise ValueError(f"xs and ys differ in length ({len(px)} and {len(py)}).")
    mean_x, mean_y = sum(px) / count, sum(py) / count
    cross = sum((u - mean_x) * (v - mean_y) for u, v in zip(px, py))
    spread = sum((u - mean_x) ** 2 for u in px)
    if spread == 0:
        raise ValueError("every x is the same; no line can be fitted.")
    gradient = cross / spread
    return mean_y - gradient * mean_x, gradient
