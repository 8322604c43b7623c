"""Sets both variables in the notebook's own process and leaves PROLOGUE empty: the check's fresh process starts without them."""

EXPECT = {"switch-in-time": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import os


# %% ex-switch
os.environ["MXNET_ENGINE_TYPE"] = "NaiveEngine"
os.environ["CUDA_LAUNCH_BLOCKING"] = "1"
PROLOGUE = ""
