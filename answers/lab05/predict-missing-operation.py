"""Leaves print(x) out of the prediction."""

EXPECT = {"sync-engine": 1, "hazards": 2, "serialize": 1, "overlap": 2, "worked-example": 1, "errors-at-wait": 1, "predict-schedule": 0}


# %% ex5-predict-schedule
PREDICTED_ROUNDS = {
    "load x": 0,
    "load y": 0,
    "z = f(x)": 1,
    "w = g(y)": 1,
    "x[:] = 0": 2,
    "out = h(z, w)": 2,
}
