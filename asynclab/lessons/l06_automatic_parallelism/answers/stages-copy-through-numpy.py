"""two_stages moves each h_t to cpu(1) through NumPy: the copy is no longer MXNet's engine's, and every asnumpy() waits for the first stage."""

EXPECT = {"stages-side-by-side": 0}


# %% ex3-two-stages
def two_stages(xs, w1, w2):
    h, outputs = nd.zeros(xs[0].shape), []
    for x in xs:
        h = nd.relu(nd.dot(h, w1) + x)
        outputs.append(nd.dot(nd.array(h.asnumpy(), ctx=mx.cpu(1)), w2))
    return outputs
