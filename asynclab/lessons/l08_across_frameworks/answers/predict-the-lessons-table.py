"""Types in the table lesson 08 printed (section 2: which calls wait, per framework) instead of predicting the lab's calls."""

EXPECT = {"predict-frameworks": 0}


# %% ex-predict-frameworks
PREDICTED = {
    "MXNet": {
        "y.shape": False,
        "y.context": False,
        "y.wait_to_read()": True,
        "mx.nd.waitall()": True,
        "y.asnumpy()": True,
        "y[0, 0].asscalar()": True,
        "repr(y)": True,
    },
    "PyTorch": {
        "y.shape": False,
        "y.device": False,
        "tb.sync(y)": False,
        "y.sum().item()": False,
        "y.numpy()": False,
        "repr(y)": False,
    },
    "NumPy": {
        "y.shape": False,
        "y.sum()": False,
        "repr(y)": False,
    },
}
