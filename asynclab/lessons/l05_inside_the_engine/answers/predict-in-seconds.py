"""Gives start times in seconds (0.1 per round) instead of round numbers."""

EXPECT = {"predict-schedule": 0}


# %% ex5-predict-schedule
PREDICTED_ROUNDS = {
    "load x": 0.0,
    "load y": 0.0,
    "load v": 0.1,
    "z = f(x, y)": 0.1,
    "x[:] = 0": 0.2,
    "w = g(v)": 0.2,
    "print(x)": 0.3,
    "out = h(z, w)": 0.3,
}
