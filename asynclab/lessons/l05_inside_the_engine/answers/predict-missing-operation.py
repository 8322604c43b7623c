"""Leaves print(x) out of the prediction."""

EXPECT = {"predict-schedule": 0}


# %% ex5-predict-schedule
PREDICTED_ROUNDS = {
    "load x": 0,
    "load y": 0,
    "z = f(x)": 1,
    "w = g(y)": 1,
    "x[:] = 0": 2,
    "out = h(z, w)": 2,
}
