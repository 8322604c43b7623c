"""Predicts that waiting for x waits for the product too, though x was ready long before."""

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
    "x.wait_to_read()": True,
    "y.wait_to_read()": True,
    "y.asnumpy()": True,
    "y.sum().asscalar()": True,
    "y[0]": False,
    "y.T": False,
    "repr(y)": True,
    "y[0, 0].asscalar()": True,
}
