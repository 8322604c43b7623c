"""two_stages waits for every output before it computes the next h_t (one device at a time) and computes
each output with a 1x1 nd.Deconvolution, a product under an operator the checks do not name, beside a
throw-away full-size nd.dot on cpu(1) issued with each first-stage product: every dot is a whole product
and the dots look side by side, but the real second stage never overlaps the first, and the dots fill
too little of cpu(1)'s busy time."""

EXPECT = {"stages-side-by-side": 0}


# %% ex3-two-stages
def two_stages(xs, w1, w2):
    second = w2.context
    idle = nd.zeros(xs[0].shape, ctx=second)
    kernel = w2.reshape((w2.shape[0], w2.shape[1], 1, 1)).copy()  # (in, out, 1, 1): out[c] = sum_i in[i] * w2[i, c]
    h, outputs = nd.zeros(xs[0].shape), []
    for x in xs:
        nd.dot(idle, w2)  # a whole product on cpu(1) beside the first stage's; never used
        h = nd.relu(nd.dot(h, w1) + x)
        rows = h.copyto(second).T.reshape((1, h.shape[1], h.shape[0], 1)).copy()
        out = nd.Deconvolution(rows, kernel, kernel=(1, 1), num_filter=w2.shape[1], no_bias=True)
        y = out.reshape((w2.shape[1], h.shape[0])).T
        y.wait_to_read()
        outputs.append(y)
    return outputs
