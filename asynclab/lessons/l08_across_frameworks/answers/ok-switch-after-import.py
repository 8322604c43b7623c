"""Sets both variables after importing MXNet and PyTorch but before any operation: still in time, MXNet creates its engine at the first operation."""

EXPECT = {"finish-every-framework": 3, "predict-frameworks": 2, "switch-in-time": 3}


# %% ex-switch
PROLOGUE = """
import os
import mxnet
import torch
os.environ["MXNET_ENGINE_TYPE"] = "NaiveEngine"
os.environ["CUDA_LAUNCH_BLOCKING"] = "1"
"""
