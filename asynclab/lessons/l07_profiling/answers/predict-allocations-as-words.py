"""The predictions written as words ('yes', 'no') instead of True and False."""

EXPECT = {"predict-allocations": 0}


# %% ex-predict-allocations
PREDICTED = {
    "a += b": "no",
    "y = a + b": "yes",
    "nd.elemwise_add(a, b, out=c)": "no",
    "c[:] = a": "no",
    "c[:] = a * 2": "yes",
    "y = a.reshape((-1,))": "no",
    "y = a[100:300]": "no",
    "y = a.T": "yes",
    "a.copyto(c)": "no",
    "y = a.copy()": "yes",
    "nd.dot(a, b, out=c)": "no",
    "y = nd.dot(a, b)": "yes",
}
