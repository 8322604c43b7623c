"""pipeline imports, inside itself as the step asks, the lesson's own chain_with_copies and calls it with cpu(1): the course's code, so it earns nothing."""

EXPECT = {"copy-beside-compute": 0}


# %% ex3-pipeline
def pipeline(x, w, steps):
    import mxnet as mx

    from asynclab.lessons.l06_automatic_parallelism.parallelism import chain_with_copies

    return chain_with_copies(x, w, steps, mx.cpu(1))
