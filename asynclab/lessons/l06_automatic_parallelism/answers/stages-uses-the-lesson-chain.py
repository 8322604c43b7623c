"""two_stages takes each h_t's copy from lesson 06's own chain_with_copies: calling the course's schedule earns nothing."""

EXPECT = {"stages-side-by-side": 0}


# %% ex3-two-stages
def two_stages(xs, w1, w2):
    from asynclab.lessons.l06_automatic_parallelism import parallelism

    h, outputs = nd.zeros(xs[0].shape), []
    for x in xs:
        h = nd.relu(nd.dot(h, w1) + x)
        (copy,) = parallelism.chain_with_copies(h, nd.eye(h.shape[1]), 1, mx.cpu(1))
        outputs.append(nd.dot(copy, w2))
    return outputs
