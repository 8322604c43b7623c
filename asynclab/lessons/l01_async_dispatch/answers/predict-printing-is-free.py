"""Right on the eight calls the lesson's ideas cover directly, but takes printing the array for a look at it
that costs nothing: repr() needs the values, so it waits for the product like asnumpy()."""

EXPECT = {
    "predict-blocking": 0,
}


# %% ex-predict-blocking
PREDICTED = {
    "y.shape": False,
    "y + 1": False,
    "y.sum()": False,
    "y.copy()": False,
    "x.wait_to_read()": False,
    "y.wait_to_read()": True,
    "y.asnumpy()": True,
    "y.sum().asscalar()": True,
    "y[0]": False,
    "y.T": False,
    "repr(y)": False,
    "y[0, 0].asscalar()": True,
}
