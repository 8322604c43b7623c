"""finish(y) sleeps for a second instead of waiting for y: long enough for the product, far too long for a small one."""

EXPECT = {"finish-every-framework": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time


# %% ex1-finish
def finish(y):
    time.sleep(1.0)
    return y
