"""Sets MXNET_ENGINE_TYPE to 'Naive', an engine MXNet does not know: its first operation fails."""

EXPECT = {"switch-in-time": 0}


# %% ex-switch
PROLOGUE = """
import os
os.environ["MXNET_ENGINE_TYPE"] = "Naive"
os.environ["CUDA_LAUNCH_BLOCKING"] = "1"
"""
