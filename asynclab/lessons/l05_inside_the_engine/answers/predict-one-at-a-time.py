"""Predicts one operation per round in push order, as if the engine ran them one after another."""

EXPECT = {"predict-schedule": 0}


# %% ex5-predict-schedule
PREDICTED_ROUNDS = {
    "load x": 0,
    "load y": 1,
    "load v": 2,
    "z = f(x, y)": 3,
    "x[:] = 0": 4,
    "w = g(v)": 5,
    "print(x)": 6,
    "out = h(z, w)": 7,
}
