"""finish(y) reads y.shape to make sure y exists, which MXNet answers before the product runs."""

EXPECT = {"finish-every-framework": 0}


# %% ex1-finish
def finish(y):
    y.shape
    return y
