"""profile, diagnose, busy_ms and momentum_step are left as blank stubs (a bare pass, a bare ...): they return None."""

EXPECT = {"diagnoses-the-program": 0, "busy-across-devices": 0, "momentum-allocates-nothing": 0}


# %% ex1-diagnose
def profile(fn):
    """Run fn() under MXNet's profiler; return the aggregate table of what it ran (a DataFrame)."""
    pass


def diagnose(fn):
    """(operator, side): the operator that took most of the back end's time while fn() ran, and the side
    ("front end" or "back end") that set fn's pace."""
    pass


# %% ex2-busy-ms
def busy_ms(fn):
    """Milliseconds during which at least one of MXNet's operators ran, on any device, while fn() ran."""
    pass


# %% ex3-momentum-step
def momentum_step(w, v, g, lr, mu, tmp):
    """One step of SGD with momentum, in place: v <- mu * v - lr * g, then w <- w + v; return w."""
    ...
