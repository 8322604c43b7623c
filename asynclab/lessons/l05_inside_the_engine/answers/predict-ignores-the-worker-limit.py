"""Predicts that load v starts at once with the other two loads, as if the engine had a worker for every ready operation."""

EXPECT = {"predict-schedule": 0}


# %% ex5-predict-schedule
PREDICTED_ROUNDS = {
    "load x": 0,
    "load y": 0,
    "load v": 0,
    "z = f(x, y)": 1,
    "x[:] = 0": 2,
    "w = g(v)": 1,
    "print(x)": 3,
    "out = h(z, w)": 2,
}
