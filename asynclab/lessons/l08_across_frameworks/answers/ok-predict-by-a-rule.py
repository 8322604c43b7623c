"""Predicts every call right from one rule instead of a table: a call waits only where the framework
still has work pending for y (MXNet, on the CPU) and the call hands a value to Python (asnumpy, asscalar,
bool); an operator on a pending array, a view or its metadata is queued or known without waiting."""

EXPECT = {"predict-frameworks": 2}


# %% ex-predict-frameworks
def waits(framework, call):
    pending = framework == "MXNet"  # PyTorch and NumPy computed y inside the call that made it
    hands_python_a_value = any(word in call for word in ("asnumpy", "asscalar", "bool(", "item", "float("))
    return pending and hands_python_a_value


PREDICTED = {
    framework: {call: waits(framework, call) for call in calls.split("; ")}
    for framework, calls in {
        "NumPy": "y += 1; float(y[0, 0]); y.max(); y.dtype",
        "PyTorch": "y.norm().item(); float(y[0, 0]); y.max().item(); y.cpu(); y.dtype",
        "MXNet": "y.norm().asscalar(); y.max(); bool(y.max() > 0); y[0].asnumpy(); y.copyto(mx.cpu()); y += 1; y[0]; y.T; y.dtype",
    }.items()
}
