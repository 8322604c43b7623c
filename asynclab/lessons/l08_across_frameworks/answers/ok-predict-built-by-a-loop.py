"""Predicts every call right, with the dicts built by a loop rather than written out."""

EXPECT = {"finish-every-framework": 3, "predict-frameworks": 2, "switch-in-time": 3}


# %% ex-predict-frameworks
PREDICTED = {name: {} for name in ("MXNet", "PyTorch", "NumPy")}
for name in PREDICTED:
    PREDICTED[name]["returns early"] = name == "MXNet"  # only MXNet queues on the CPU
    PREDICTED[name]["y.shape"] = False  # no framework waits for a shape
PREDICTED["MXNet"].update(
    {"y.context": False, "y.wait_to_read()": True, "y.asnumpy()": True, "y[0, 0].asscalar()": True}
)
PREDICTED["PyTorch"].update({"y.device": False, "y.sum().item()": False, "y.numpy()": False, "repr(y)": False})
PREDICTED["NumPy"]["y.sum()"] = False
