"""Predicts that no call waits, not even the ones that hand Python the values."""

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
    "y + 1": False,
    "y.sum()": False,
    "y.copy()": False,
    "x.wait_to_read()": False,
    "y.wait_to_read()": False,
    "y.asnumpy()": False,
    "y.sum().asscalar()": False,
    "y[0]": False,
    "y.T": False,
    "repr(y)": False,
    "y[0, 0].asscalar()": False,
}
