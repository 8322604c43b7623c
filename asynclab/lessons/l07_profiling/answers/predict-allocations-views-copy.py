"""A reshape and a slice of rows predicted to copy: both are views of a's memory."""

EXPECT = {"predict-allocations": 0}


# %% ex-predict-allocations
PREDICTED = {
    "a += b": False,
    "y = a + b": True,
    "nd.elemwise_add(a, b, out=c)": False,
    "c[:] = a": False,
    "c[:] = a * 2": True,
    "y = a.reshape((-1,))": True,
    "y = a[100:300]": True,
    "y = a.T": True,
    "a.copyto(c)": False,
    "y = a.copy()": True,
    "nd.dot(a, b, out=c)": False,
    "y = nd.dot(a, b)": True,
}
