"""Right answer written differently: the first stage spelled out as separate operators (a product, an elementwise add into a fresh array, a relu), the copy made with as_in_context and the output with nd.dot's keyword form."""

EXPECT = {"stages-side-by-side": 3}


# %% ex3-two-stages
def two_stages(xs, w1, w2):
    second = mx.cpu(1)
    state = nd.zeros_like(xs[0])
    outputs = []
    for x in xs:
        product = nd.dot(lhs=state, rhs=w1)
        state = nd.relu(nd.elemwise_add(product, x))
        outputs.append(nd.dot(lhs=state.as_in_context(second), rhs=w2))
    return outputs
