"""pipeline computes the whole chain, waits for it, then copies: the copies have nothing to run beside."""

EXPECT = {"copy-beside-compute": 0}


# %% ex3-pipeline
def pipeline(x, w, steps):
    import mxnet as mx
    from mxnet import nd

    ys, y = [], x
    for _ in range(steps):
        y = nd.relu(nd.dot(y, w))
        ys.append(y)
    nd.waitall()
    return [y.copyto(mx.cpu(1)) for y in ys]
