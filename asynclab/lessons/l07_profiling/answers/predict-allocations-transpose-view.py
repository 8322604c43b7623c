"""The transpose predicted to be a view, as NumPy's a.T is: MXNet's transpose writes a new array."""

EXPECT = {"predict-allocations": 0}


# %% ex-predict-allocations
PREDICTED = {
    "a += b": False,
    "y = a + b": True,
    "nd.elemwise_add(a, b, out=c)": False,
    "c[:] = a": False,
    "c[:] = a * 2": True,
    "y = a.reshape((-1,))": False,
    "y = a[100:300]": False,
    "y = a.T": False,
    "a.copyto(c)": False,
    "y = a.copy()": True,
    "nd.dot(a, b, out=c)": False,
    "y = nd.dot(a, b)": True,
}
