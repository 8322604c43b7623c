"""c[:] = a * 2 predicted to write into c directly: the product a * 2 is made first, in an array of its own."""

EXPECT = {"predict-allocations": 0}


# %% ex-predict-allocations
PREDICTED = {
    "a += b": False,
    "y = a + b": True,
    "nd.elemwise_add(a, b, out=c)": False,
    "c[:] = a": False,
    "c[:] = a * 2": False,
    "y = a.reshape((-1,))": False,
    "y = a[100:300]": False,
    "y = a.T": True,
    "a.copyto(c)": False,
    "y = a.copy()": True,
    "nd.dot(a, b, out=c)": False,
    "y = nd.dot(a, b)": True,
}
