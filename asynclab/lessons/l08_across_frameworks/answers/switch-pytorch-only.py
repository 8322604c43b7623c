"""Sets only CUDA_LAUNCH_BLOCKING, so MXNet keeps its threaded engine."""

EXPECT = {"switch-in-time": 0}


# %% ex-switch
PROLOGUE = """
import os
os.environ["CUDA_LAUNCH_BLOCKING"] = "1"
"""
