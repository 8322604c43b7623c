"""Predicts one operation per round in push order, as if the engine ran them one after another."""

EXPECT = {"sync-engine": 1, "hazards": 2, "serialize": 1, "overlap": 2, "worked-example": 1, "errors-at-wait": 1, "predict-schedule": 0}


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
