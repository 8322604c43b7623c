"""Predicts that print(x) reads x alongside z = f(x), overtaking the write x[:] = 0 queued before it."""

EXPECT = {"predict-schedule": 0}


# %% ex5-predict-schedule
PREDICTED_ROUNDS = {
    "load x": 0,
    "load y": 0,
    "z = f(x)": 1,
    "w = g(y)": 1,
    "x[:] = 0": 2,
    "out = h(z, w)": 2,
    "print(x)": 1,
}
