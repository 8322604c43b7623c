"""Predicts one operation per round in push order, as if the engine ran them one after another."""

EXPECT = {"predict-schedule": 0}


# %% ex5-predict-schedule
PREDICTED_ROUNDS = {
    "load x": 0,
    "load y": 1,
    "z = f(x)": 2,
    "w = g(y)": 3,
    "x[:] = 0": 4,
    "out = h(z, w)": 5,
    "print(x)": 6,
}
