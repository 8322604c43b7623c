"""finish(y) sleeps a fixed 4 ms instead of waiting for y: far longer than issuing a product, so it takes over 10x the issuing time, but it returns with almost all of the product (0.97 of its time, measured) still queued."""

EXPECT = {"finish-every-framework": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time


# %% ex1-finish
def finish(y):
    time.sleep(0.004)
    return y
