"""Predicts PyTorch's CPU calls as they behave on a CUDA device: the call returns early and reading values waits."""

EXPECT = {"predict-frameworks": 0}


# %% ex-predict-frameworks
PREDICTED = {
    "MXNet": {
        "returns early": True,
        "y.shape": False,
        "y.context": False,
        "y.wait_to_read()": True,
        "y.asnumpy()": True,
        "y[0, 0].asscalar()": True,
    },
    "PyTorch": {
        "returns early": True,
        "y.shape": False,
        "y.device": False,
        "y.sum().item()": True,
        "y.numpy()": True,
        "repr(y)": True,
    },
    "NumPy": {"returns early": False, "y.shape": False, "y.sum()": False},
}
