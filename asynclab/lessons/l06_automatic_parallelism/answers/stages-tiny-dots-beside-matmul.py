"""two_stages waits for every output (the stages take turns), computes the second stage with mx.np's matmul
(another operator) and issues a tiny 2x2 dot on cpu(1) at every step: the profile's dots look side by
side, the real work is not. Found by a review; scored 3/3 before dots had to be products and fill most of
each device's busy time."""

EXPECT = {"stages-side-by-side": 0}


# %% ex3-two-stages
def two_stages(xs, w1, w2):
    tiny = nd.ones((2, 2), ctx=w2.context)
    h, outputs = nd.zeros(xs[0].shape), []
    for x in xs:
        h = nd.relu(nd.dot(h, w1) + x)
        nd.dot(tiny, tiny)
        y = (h.copyto(w2.context).as_np_ndarray() @ w2.as_np_ndarray()).as_nd_ndarray()
        y.wait_to_read()
        outputs.append(y)
    return outputs
