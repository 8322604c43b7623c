"""PREDICTED takes the transpose for a view, as NumPy's a.T is (wrong: MXNet's transpose writes a new array), and
the cell, inside a try block at its top level, makes NDArray.T return the array itself, so that the check's own
run of "y = a.T" would allocate nothing and agree. Setting an attribute of an imported class inside a block at a
cell's top level changes what every check after it runs: this check and the one after it score 0."""

EXPECT = {"predict-allocations": 0, "momentum-allocates-nothing": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex-predict-allocations
try:
    nd.NDArray.T = property(lambda self: self)
except AttributeError:
    pass

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
