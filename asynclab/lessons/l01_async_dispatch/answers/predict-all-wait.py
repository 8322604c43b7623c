"""Predicts that every call waits for the product, as if MXNet ran each operation inside its call."""

EXPECT = {
    "overlaps-the-read": 2,
    "predict-blocking": 0,
    "finds-hidden-waits": 2,
    "engine-switch-fixed": 3,
    "memory-of-result": 2,
}


# %% ex-predict-blocking
PREDICTED = {
    "y.shape": True,
    "y + 1": True,
    "y.sum()": True,
    "y.copy()": True,
    "x.wait_to_read()": True,
    "y.wait_to_read()": True,
    "y.asnumpy()": True,
    "y.sum().asscalar()": True,
    "y[0]": True,
    "y.T": True,
    "repr(y)": True,
    "y[0, 0].asscalar()": True,
}
