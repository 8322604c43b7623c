"""Predicts that every framework returns early and that no call ever waits."""

EXPECT = {"predict-frameworks": 0}


# %% ex-predict-frameworks
PREDICTED = {
    "MXNet": {
        "returns early": True,
        "y.shape": False,
        "y.context": False,
        "y.wait_to_read()": False,
        "y.asnumpy()": False,
        "y[0, 0].asscalar()": False,
    },
    "PyTorch": {
        "returns early": True,
        "y.shape": False,
        "y.device": False,
        "y.sum().item()": False,
        "y.numpy()": False,
        "repr(y)": False,
    },
    "NumPy": {"returns early": True, "y.shape": False, "y.sum()": False},
}
