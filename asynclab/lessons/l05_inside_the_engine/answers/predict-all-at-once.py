"""Predicts that all eight operations start at once, as if the engine ignored what they read and write and had a worker for each."""

EXPECT = {"predict-schedule": 0}


# %% ex5-predict-schedule
PREDICTED_ROUNDS = {
    "load x": 0,
    "load y": 0,
    "load v": 0,
    "z = f(x, y)": 0,
    "x[:] = 0": 0,
    "w = g(v)": 0,
    "print(x)": 0,
    "out = h(z, w)": 0,
}
