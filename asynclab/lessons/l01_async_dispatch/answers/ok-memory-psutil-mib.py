"""A right answer written differently: psutil directly, waitall, and mebibytes (2**20 bytes) instead of MB."""

EXPECT = {
    "overlaps-the-read": 2,
    "finds-hidden-waits": 2,
    "engine-switch-fixed": 3,
    "memory-of-result": 2,
    "predict-blocking": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex4-memory-of
import psutil


def memory_of(make):
    process = psutil.Process()
    nd.waitall()
    before = process.memory_info().rss
    result = make()
    nd.waitall()
    after = process.memory_info().rss
    return (after - before) / 2**20
