"""Predicts that issuing an operation on a pending result waits for it."""

EXPECT = {
    "overlaps-the-read": 2,
    "predict-blocking": 0,
    "finds-hidden-waits": 2,
    "engine-switch-fixed": 3,
    "memory-of-result": 2,
}


# %% ex-predict-blocking
PREDICTED = {
    "y.shape": False,
    "y + 1": True,
    "y.sum()": True,
    "y.copy()": True,
    "x.wait_to_read()": False,
    "y.wait_to_read()": True,
    "y.asnumpy()": True,
    "y.sum().asscalar()": True,
    "y[0]": True,
    "y.T": True,
    "repr(y)": True,
    "y[0, 0].asscalar()": True,
}
