"""Predicts that no call waits on any framework, as if every call returned at once."""

EXPECT = {"predict-frameworks": 0}


# %% ex-predict-frameworks
PREDICTED = {
    "MXNet": {
        "y.dtype": False,
        "y.T": False,
        "y[0]": False,
        "y += 1": False,
        "y.copyto(mx.cpu())": False,
        "y[0].asnumpy()": False,
        "y.max()": False,
        "bool(y.max() > 0)": False,
        "y.norm().asscalar()": False,
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
