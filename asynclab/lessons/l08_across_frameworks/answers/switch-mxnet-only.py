"""Switches MXNet to NaiveEngine but leaves CUDA_LAUNCH_BLOCKING unset."""

EXPECT = {"switch-in-time": 0}


# %% ex-switch
PROLOGUE = """
import os
os.environ["MXNET_ENGINE_TYPE"] = "NaiveEngine"
"""
