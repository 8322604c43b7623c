"""Predicts only the three calls it is sure of and leaves the others out."""

EXPECT = {
    "overlaps-the-read": 2,
    "predict-blocking": 0,
    "finds-hidden-waits": 2,
    "engine-switch-fixed": 3,
    "memory-of-result": 2,
}


# %% ex-predict-blocking
PREDICTED = {
    "y.wait_to_read()": True,
    "y.asnumpy()": True,
    "y.shape": False,
}
