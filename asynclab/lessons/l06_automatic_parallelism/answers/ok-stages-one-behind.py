"""Right answer written differently: the second stage runs one step behind in the order of issue (the output for h_t is issued after h_{t+1}); each second-stage product still finds its workspace free."""

EXPECT = {"stages-side-by-side": 3}


# %% ex3-two-stages
def two_stages(xs, w1, w2):
    h, copies, outputs = nd.zeros(xs[0].shape), [], []
    for x in xs:
        h = nd.relu(nd.dot(h, w1) + x)
        copies.append(h.as_in_context(w2.context))
        if len(copies) > 1:
            outputs.append(nd.dot(copies[-2], w2))
    outputs.append(nd.dot(copies[-1], w2))
    return outputs
