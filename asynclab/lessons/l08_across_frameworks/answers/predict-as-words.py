"""Writes MXNet's predictions as the words 'yes' and 'no' instead of True and False."""

EXPECT = {"predict-frameworks": 0}


# %% ex-predict-frameworks
PREDICTED = {
    "MXNet": {
        "y.dtype": "no",
        "y.T": "no",
        "y[0]": "no",
        "y += 1": "no",
        "y.copyto(mx.cpu())": "no",
        "y[0].asnumpy()": "yes",
        "y.max()": "no",
        "bool(y.max() > 0)": "yes",
        "y.norm().asscalar()": "yes",
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
