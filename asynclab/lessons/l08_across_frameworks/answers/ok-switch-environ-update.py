"""PROLOGUE sets both variables in one os.environ.update, from a dict, with no import of MXNet at all: right."""

EXPECT = {"finish-every-framework": 3, "predict-frameworks": 2, "switch-in-time": 3}


# %% ex-switch
PROLOGUE = "import os; os.environ.update({'MXNET_ENGINE_TYPE': 'NaiveEngine', 'CUDA_LAUNCH_BLOCKING': '1'})"
