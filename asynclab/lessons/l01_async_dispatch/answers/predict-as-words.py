"""Writes "waits" and "returns" instead of True and False."""

EXPECT = {
    "overlaps-the-read": 2,
    "predict-blocking": 0,
    "finds-hidden-waits": 2,
    "engine-switch-fixed": 3,
    "memory-of-result": 2,
}


# %% ex-predict-blocking
PREDICTED = {
    "y.shape": "returns",
    "y + 1": "returns",
    "y.sum()": "returns",
    "y.copy()": "returns",
    "x.wait_to_read()": "returns",
    "y.wait_to_read()": "waits",
    "y.asnumpy()": "waits",
    "y.sum().asscalar()": "waits",
    "y[0]": "returns",
    "y.T": "returns",
    "repr(y)": "waits",
    "y[0, 0].asscalar()": "waits",
}
