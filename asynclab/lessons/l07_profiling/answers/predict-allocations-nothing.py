"""No statement predicted to allocate, as if MXNet reused memory the way a pool would."""

EXPECT = {"predict-allocations": 0}


# %% ex-predict-allocations
PREDICTED = {
    "a += b": False,
    "y = a + b": False,
    "nd.elemwise_add(a, b, out=c)": False,
    "c[:] = a": False,
    "c[:] = a * 2": False,
    "y = a.reshape((-1,))": False,
    "y = a[100:300]": False,
    "y = a.T": False,
    "a.copyto(c)": False,
    "y = a.copy()": False,
    "nd.dot(a, b, out=c)": False,
    "y = nd.dot(a, b)": False,
}
