"""Predicts that x[:] = 0 starts as soon as load x is done, as if a write could start while z = f(x, y) still reads x."""

EXPECT = {"predict-schedule": 0}


# %% ex5-predict-schedule
PREDICTED_ROUNDS = {
    "load x": 0,
    "load y": 0,
    "load v": 1,
    "z = f(x, y)": 1,
    "x[:] = 0": 1,
    "w = g(v)": 2,
    "print(x)": 2,
    "out = h(z, w)": 3,
}
