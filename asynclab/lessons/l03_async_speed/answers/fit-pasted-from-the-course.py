"""fit_line is the course's own least-squares fit (asynclab.foundation.timing.fit_line) pasted as text, returning the pair: re-typed course code earns nothing."""

EXPECT = {"model-predicts": 0}

# %% ex2-fit-line
import math


def _floats(values, what):
    try:
        out = [float(v) for v in values]
    except (TypeError, ValueError):
        raise TypeError(f"{what} must be a sequence of numbers.") from None
    if not all(math.isfinite(v) for v in out):
        raise ValueError(f"{what} contains a value that is not finite.")
    return out


def fit_line(xs, ys):
    """Least-squares (intercept, slope) of seconds against ns."""
    x, y = _floats(xs, "xs"), _floats(ys, "ys")
    if len(x) != len(y):
        raise ValueError(f"xs and ys differ in length ({len(x)} and {len(y)}).")
    if len(x) < 2:
        raise ValueError("a line needs at least two points.")
    n = len(x)
    mx, my = sum(x) / n, sum(y) / n
    sxx = sum((a - mx) ** 2 for a in x)
    if sxx == 0:
        raise ValueError("every x is the same; no line can be fitted.")
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y))
    slope = sxy / sxx
    intercept = my - slope * mx
    return intercept, slope
