"""Writes MXNet's predictions as the words 'yes' and 'no' instead of True and False."""

EXPECT = {"predict-frameworks": 0}


# %% ex-predict-frameworks
PREDICTED = {
    "MXNet": {
        "returns early": "yes",
        "y.shape": "no",
        "y.context": "no",
        "y.wait_to_read()": "yes",
        "y.asnumpy()": "yes",
        "y[0, 0].asscalar()": "yes",
    },
    "PyTorch": {
        "returns early": False,
        "y.shape": False,
        "y.device": False,
        "y.sum().item()": False,
        "y.numpy()": False,
        "repr(y)": False,
    },
    "NumPy": {"returns early": False, "y.shape": False, "y.sum()": False},
}
