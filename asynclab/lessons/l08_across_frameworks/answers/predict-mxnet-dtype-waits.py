"""Predicts that MXNet's y.dtype waits, though the front end set the type when it issued the product."""

EXPECT = {"predict-frameworks": 0}


# %% ex-predict-frameworks
PREDICTED = {
    "MXNet": {
        "y.dtype": True,
        "y.T": False,
        "y[0]": False,
        "y += 1": False,
        "y.copyto(mx.cpu())": False,
        "y[0].asnumpy()": True,
        "y.max()": False,
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
