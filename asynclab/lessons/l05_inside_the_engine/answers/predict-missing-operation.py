"""Leaves print(x) out of the prediction."""

EXPECT = {"predict-schedule": 0}


# %% ex5-predict-schedule
PREDICTED_ROUNDS = {
    "load x": 0,
    "load y": 0,
    "load v": 1,
    "z = f(x, y)": 1,
    "x[:] = 0": 2,
    "w = g(v)": 2,
    "out = h(z, w)": 3,
}
