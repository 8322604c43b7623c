"""pipeline copies y_{i-1}, the step's input, instead of y_i."""

EXPECT = {"copy-beside-compute": 0}


# %% ex3-pipeline
def pipeline(x, w, steps):
    import mxnet as mx
    from mxnet import nd

    copies, y = [], x
    for _ in range(steps):
        copies.append(y.copyto(mx.cpu(1)))
        y = nd.relu(nd.dot(y, w))
    return copies
