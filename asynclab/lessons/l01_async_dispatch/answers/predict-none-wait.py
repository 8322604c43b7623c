"""Predicts that no call waits, not even the ones that hand Python the values."""

EXPECT = {
    "queue-vs-finish": 2,
    "predict-blocking": 0,
    "timing-includes-compute": 2,
    "naive-closes-gap": 3,
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
}
