"""Predicts that all seven operations start at once, as if the engine ignored what they read and write."""

EXPECT = {"predict-schedule": 0}


# %% ex5-predict-schedule
PREDICTED_ROUNDS = {
    "load x": 0,
    "load y": 0,
    "z = f(x)": 0,
    "w = g(y)": 0,
    "x[:] = 0": 0,
    "out = h(z, w)": 0,
    "print(x)": 0,
}
