"""Predicts that NumPy's y.sum() waits for the product, though NumPy never queues anything."""

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
        "returns early": False,
        "y.shape": False,
        "y.device": False,
        "y.sum().item()": False,
        "y.numpy()": False,
        "repr(y)": False,
    },
    "NumPy": {"returns early": False, "y.shape": False, "y.sum()": True},
}
