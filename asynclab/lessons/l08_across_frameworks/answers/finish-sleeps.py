"""finish(y) sleeps for 0.4 s instead of waiting for y: longer than the product takes (at most 0.17 s, measured), far too long for a small one."""

EXPECT = {"finish-every-framework": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time


# %% ex1-finish
def finish(y):
    time.sleep(0.4)
    return y
