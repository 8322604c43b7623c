"""PROLOGUE leaves the threaded engine on and makes MXNet's ndarray.dot sleep long enough for the product: issuing looks as if it carried the work, but it is a fixed sleep, not the switch."""

EXPECT = {"switch-in-time": 0}


# %% ex-switch
PROLOGUE = """
import os
import time
import mxnet
os.environ["CUDA_LAUNCH_BLOCKING"] = "1"
_dot = mxnet.ndarray.dot
def _slow_dot(*args, **kwargs):
    out = _dot(*args, **kwargs)
    time.sleep(0.2)  # longer than a 1000x1000 product
    return out
mxnet.ndarray.dot = _slow_dot
"""
