"""two_stages waits for every output before it computes the next h_t (one device at a time), computes the outputs with nd.linalg.gemm2 instead of nd.dot, and issues beside each first-stage product a throw-away nd.dot on cpu(1): the profile shows one dot per input on each device, side by side, while the real second stage never overlaps the first."""

EXPECT = {"stages-side-by-side": 0}


# %% ex3-two-stages
def two_stages(xs, w1, w2):
    second = w2.context
    idle = nd.zeros(xs[0].shape, ctx=second)
    h, outputs = nd.zeros(xs[0].shape), []
    for x in xs:
        nd.dot(idle, w2)  # a product on cpu(1) beside the first stage's; never used
        h = nd.relu(nd.dot(h, w1) + x)
        y = nd.linalg.gemm2(h.copyto(second), w2)
        y.wait_to_read()
        outputs.append(y)
    return outputs
