"""Every statement predicted to allocate: views, in-place operators and out= included."""

EXPECT = {"predict-allocations": 0}


# %% ex-predict-allocations
PREDICTED = {
    "a += b": True,
    "y = a + b": True,
    "nd.elemwise_add(a, b, out=c)": True,
    "c[:] = a": True,
    "c[:] = a * 2": True,
    "y = a.reshape((-1,))": True,
    "y = a[100:300]": True,
    "y = a.T": True,
    "a.copyto(c)": True,
    "y = a.copy()": True,
    "nd.dot(a, b, out=c)": True,
    "y = nd.dot(a, b)": True,
}
