"""two_stages scales the inputs it was handed in place (to "normalize" them) and computes from the changed values: its outputs are not those of the inputs the check gave it."""

EXPECT = {"stages-side-by-side": 0}


# %% ex3-two-stages
def two_stages(xs, w1, w2):
    h, outputs = nd.zeros(xs[0].shape), []
    for x in xs:
        x *= 0.5
        h = nd.relu(nd.dot(h, w1) + x)
        outputs.append(nd.dot(h.copyto(mx.cpu(1)), w2))
    return outputs
