"""Predicts PyTorch's CPU calls as lesson 08 says they behave on a CUDA device: y.cpu() and reading a value (item, float) wait."""

EXPECT = {"predict-frameworks": 0}


# %% ex-predict-frameworks
PREDICTED = {
    "MXNet": {
        "y.dtype": False,
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
        "y.cpu()": True,
        "y.max().item()": True,
        "float(y[0, 0])": True,
        "y.norm().item()": True,
    },
    "NumPy": {
        "y.dtype": False,
        "y += 1": False,
        "y.max()": False,
        "float(y[0, 0])": False,
    },
}
