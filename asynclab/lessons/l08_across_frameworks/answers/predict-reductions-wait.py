"""PREDICTED is built from the rule "on MXNet a call waits when it reduces y (max, norm, sum) or reads its values
with asnumpy; PyTorch and NumPy never have anything pending". The rule is wrong: an MXNet reduction is an operator
like any other, queued behind the product (a bare y.max() returns at once); what waits is handing a value to
Python (bool, asscalar, asnumpy). While every reduction among the step's calls was followed by such a read, the
wrong rule gave the measured table (2 in 2 runs of 2); the bare y.max() among MXNet's calls tells them apart."""

EXPECT = {"predict-frameworks": 0}

# %% ex-predict-frameworks
ASKED = {
    "MXNet": [
        "y.dtype",
        "y[0].asnumpy()",
        "y.T",
        "y.max()",
        "bool(y.max() > 0)",
        "y[0]",
        "y += 1",
        "y.norm().asscalar()",
        "y.copyto(mx.cpu())",
    ],
    "PyTorch": ["y.dtype", "y.cpu()", "y.max().item()", "float(y[0, 0])", "y.norm().item()"],
    "NumPy": ["y.dtype", "y.max()", "float(y[0, 0])", "y += 1"],
}


def waits(framework, call):
    if framework != "MXNet":
        return False  # PyTorch (on the CPU) and NumPy compute inside the call: nothing pending
    # a reduction must see every value of y, and so must a copy of values into NumPy: the product first
    return any(word in call for word in ("max", "norm", "sum", "asnumpy"))


PREDICTED = {fw: {call: waits(fw, call) for call in calls} for fw, calls in ASKED.items()}
