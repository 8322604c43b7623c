"""The course's own split of a call into enqueue and finish (lesson 01), read as the first idea: everything the work queued waited for after the call; the enqueue share of a work busy on the front end is as large as that of one that waits."""

EXPECT = {
    "overlaps-the-read": 2,
    "finds-hidden-waits": 0,
    "engine-switch-fixed": 3,
    "memory-of-result": 2,
    "predict-blocking": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import nd


# %% ex2-waits-for-back-end
from asynclab.foundation import timing


def waits_for_back_end(work):
    nd.waitall()
    return timing.split(work, lambda _: nd.waitall()).enqueue_share > 0.5
