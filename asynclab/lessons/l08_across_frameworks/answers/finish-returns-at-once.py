"""finish(y) hands y back without waiting, so finishing an MXNet product costs as little as issuing it."""

EXPECT = {"finish-every-framework": 0}


# %% ex1-finish
def finish(y):
    return y
