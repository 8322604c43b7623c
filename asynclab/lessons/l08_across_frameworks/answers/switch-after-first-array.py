"""Sets MXNET_ENGINE_TYPE after MXNet made a first array, when its engine already exists: nothing changes."""

EXPECT = {"switch-in-time": 0}


# %% ex-switch
PROLOGUE = """
import os
import mxnet as mx
mx.nd.ones((1,))
os.environ["MXNET_ENGINE_TYPE"] = "NaiveEngine"
os.environ["CUDA_LAUNCH_BLOCKING"] = "1"
"""
