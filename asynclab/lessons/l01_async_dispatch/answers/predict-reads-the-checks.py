"""PREDICTED is computed by the check's own measurement, imported from the checks module: the oracle, not a prediction."""

EXPECT = {
    "predict-blocking": 0,
}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex-predict-blocking
from asynclab.foundation.workloads import square_matrix
from asynclab.lessons.l01_async_dispatch import checks as lab01

PREDICTED = lab01._measure_calls(square_matrix(2000))
