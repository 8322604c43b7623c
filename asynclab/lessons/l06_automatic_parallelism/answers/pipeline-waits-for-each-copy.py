"""pipeline waits for each copy before the next step: the next step cannot start beside the copy."""

EXPECT = {"copy-beside-compute": 0}


# %% ex3-pipeline
def pipeline(x, w, steps):
    import mxnet as mx
    from mxnet import nd

    copies, y = [], x
    for _ in range(steps):
        y = nd.relu(nd.dot(y, w))
        copies.append(y.copyto(mx.cpu(1)))
        copies[-1].wait_to_read()
    return copies
