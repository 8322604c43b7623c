"""Predicts that every MXNet call that touches y's values waits: a transpose, a row, an in-place add and a copy wait as reading the values does (a typed-in table from a plausible misconception: an operator on a pending array is queued behind it, it does not wait)."""

EXPECT = {"predict-frameworks": 0}


# %% ex-predict-frameworks
PREDICTED = {
    "MXNet": {
        "y.dtype": False,
        "y.T": True,
        "y[0]": True,
        "y += 1": True,
        "y.copyto(mx.cpu())": True,
        "y[0].asnumpy()": True,
        "y.max()": True,
        "bool(y.max() > 0)": True,
        "y.norm().asscalar()": True,
    },
    "PyTorch": {
        "y.dtype": False,
        "y.cpu()": False,
        "y.max().item()": False,
        "float(y[0, 0])": False,
        "y.norm().item()": False,
    },
    "NumPy": {
        "y.dtype": False,
        "y += 1": False,
        "y.max()": False,
        "float(y[0, 0])": False,
    },
}
