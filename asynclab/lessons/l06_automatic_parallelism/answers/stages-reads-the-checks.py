"""two_stages issues step by step as it should, but first checks its input against the check's own constants: reaching into the checks earns nothing."""

EXPECT = {"stages-side-by-side": 0}


# %% ex3-two-stages
def two_stages(xs, w1, w2):
    from asynclab.lessons.l06_automatic_parallelism import checks

    assert len(xs) in checks.STAGE_INPUTS
    h, outputs = nd.zeros(xs[0].shape), []
    for x in xs:
        h = nd.relu(nd.dot(h, w1) + x)
        outputs.append(nd.dot(h.copyto(mx.cpu(1)), w2))
    return outputs
