"""a += b predicted to allocate, as if it were a = a + b."""

EXPECT = {"predict-allocations": 0}


# %% ex-predict-allocations
PREDICTED = {
    "a += b": True,
    "y = a + b": True,
    "nd.elemwise_add(a, b, out=c)": False,
    "c[:] = a": False,
    "c[:] = a * 2": True,
    "y = a.reshape((-1,))": False,
    "y = a[100:300]": False,
    "y = a.T": True,
    "a.copyto(c)": False,
    "y = a.copy()": True,
    "nd.dot(a, b, out=c)": False,
    "y = nd.dot(a, b)": True,
}
