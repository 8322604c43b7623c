"""two_stages computes the stages one device at a time: each output's real product, h_t . w2, is a 1x1
nd.Deconvolution on cpu(1), waited for before the next h_t is issued; only then does it pass the finished output
through a full-size nd.dot with the identity on cpu(1), never waited for. That product changes nothing, but it
runs beside the next h_t's product on cpu(0), and MXNet's record of output t ends in a dot: the second stage's
real work never overlaps the first. The check refuses every other product operator MXNet registers
(stages-deconvolution-beside-dots without the identity)."""

EXPECT = {"stages-side-by-side": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex3-two-stages
def two_stages(xs, w1, w2):
    second = w2.context
    cols = w2.shape[1]
    kernel = w2.reshape((w2.shape[0], cols, 1, 1)).copy()  # (in, out, 1, 1): out[c] = sum_i in[i] * w2[i, c]
    eye = nd.eye(cols, ctx=second)
    h, outputs = nd.zeros(xs[0].shape), []
    for x in xs:
        h = nd.relu(nd.dot(h, w1) + x)
        rows = h.copyto(second).T.reshape((1, h.shape[1], h.shape[0], 1)).copy()
        out = nd.Deconvolution(rows, kernel, kernel=(1, 1), num_filter=cols, no_bias=True)
        y = out.reshape((cols, h.shape[0])).T
        y.wait_to_read()  # the output is done before the next h_t is issued: one stage at a time
        outputs.append(nd.dot(y, eye))  # a whole product on cpu(1) that changes nothing, beside the next h_t's
    return outputs
