"""norms_both keeps the colleague's program for the real work: every product computed one device after the other
(all of xa's, then xb's) and waited for as the log did (wait_to_read: no copy out of MXNet, nothing printed),
under a 1x1 nd.Deconvolution, an operator that computes x . x too. Before it, it issues reps full-size nd.dot
products per device in turns and never waits for them, and each returned norm is nd.norm(deconvolution) +
0 * nd.norm(its own dot): the dots overlap and MXNet's record of every norm holds one, but the work that gives the
values runs one device after the other. The check refuses every other product operator MXNet registers."""

EXPECT = {"two-devices-at-once": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex1-norms-both
def _product(x):
    """x . x as a 1x1 deconvolution: the rows of x as pixels, x as the kernel (out[c] = sum_k in[k] * x[k, c])."""
    n = x.shape[0]
    rows = x.T.reshape((1, n, n, 1)).copy()
    kernel = x.reshape((n, n, 1, 1)).copy()
    return nd.Deconvolution(rows, kernel, kernel=(1, 1), num_filter=n, no_bias=True)


def norms_both(xa, xb, reps):
    dots = {0: [], 1: []}
    for _ in range(reps):  # what the profile counts: whole products on both devices, in turns, never waited for
        dots[0].append(nd.dot(xa, xa))
        dots[1].append(nd.dot(xb, xb))
    norms = []
    for device, x in ((0, xa), (1, xb)):  # the colleague's program: one device after the other
        for i in range(reps):
            y = _product(x)
            y.wait_to_read()  # the log's wait, without the print
            norms.append(nd.norm(y) + 0 * nd.norm(dots[device][i]))  # one dot of its own in each norm's record
    return norms
