"""pipeline copies each step through NumPy on the Python thread: no copy runs in the engine."""

EXPECT = {"copy-beside-compute": 0}


# %% ex3-pipeline
def pipeline(x, w, steps):
    import mxnet as mx
    from mxnet import nd

    copies, y = [], x
    for _ in range(steps):
        y = nd.relu(nd.dot(y, w))
        copies.append(nd.array(y.asnumpy(), ctx=mx.cpu(1)))
    return copies
