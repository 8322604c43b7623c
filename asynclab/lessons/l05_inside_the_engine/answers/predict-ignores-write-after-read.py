"""Predicts that x[:] = 0 starts as soon as load x is done, as if a write could start while z = f(x) still reads x."""

EXPECT = {"predict-schedule": 0}


# %% ex5-predict-schedule
PREDICTED_ROUNDS = {
    "load x": 0,
    "load y": 0,
    "z = f(x)": 1,
    "w = g(y)": 1,
    "x[:] = 0": 1,
    "out = h(z, w)": 2,
    "print(x)": 3,
}
