"""two_stages computes the first stage on a third CPU device, cpu(2) (w1 and each x_t copied there), waits for
every h_t and for every output (the two stages never run at once), and issues on cpu(0), right beside each
output's product, a throw-away product of the first stage's size (nd.dot(x_t, w1), never used). The check
counts dots on cpu(0) and cpu(1) only (trace.on(0, "dot"), trace.on(1, "dot"), _products_are_dots): n full-size
dots each, and the padding on cpu(0) overlaps the outputs on cpu(1) almost entirely; the h_t products on cpu(2)
are invisible to the count. The copies cpu(2) -> cpu(1) are CopyCPU2CPU (>= n), and MXNet's record of output t
holds t + 1 dots ending in a dot (2n distinct in all). Yet cpu(0) never computed the first stage and the real
stages took turns: it should earn nothing. Found by a review (round 6): the check now refuses work on any device but cpu(0) and cpu(1)."""

EXPECT = {"stages-side-by-side": 0}


# %% ex3-two-stages
def two_stages(xs, w1, w2):
    aside = mx.cpu(2)
    w1_aside = w1.copyto(aside)
    h, outputs = nd.zeros(xs[0].shape, ctx=aside), []
    for x in xs:
        h = nd.relu(nd.dot(h, w1_aside) + x.copyto(aside))
        h_out = h.copyto(w2.context)
        h_out.wait_to_read()  # the first stage's step is done before the second starts
        nd.dot(x, w1)  # cpu(0): a product of the first stage's size, beside the output's, never used
        y = nd.dot(h_out, w2)
        y.wait_to_read()  # and the output is done before the next step: one stage at a time
        outputs.append(y)
    return outputs
