"""two_stages leaves x_t out of the first stage (h_t = relu(dot(h_{t-1}, w1))): the devices work side by side on the wrong numbers."""

EXPECT = {"stages-side-by-side": 0}


# %% ex3-two-stages
def two_stages(xs, w1, w2):
    h, outputs = xs[0], []
    for _ in xs:
        h = nd.relu(nd.dot(h, w1))
        outputs.append(nd.dot(h.copyto(mx.cpu(1)), w2))
    return outputs
