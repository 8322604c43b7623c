"""norms_both keeps the original's order and waits (one device after the other), computes xb's products
with mx.np's matmul (another operator) and issues a tiny 2x2 dot on cpu(1) beside each of xa's products:
the profile's dots look side by side, the real work is not. Found by a review; scored 3/3 before dots had
to be products and fill most of each device's busy time."""

EXPECT = {"two-devices-at-once": 0}


# %% ex1-norms-both
def norms_both(xa, xb, reps):
    tiny = nd.ones((2, 2), ctx=xb.context)
    norms = []
    for x in (xa, xb):
        for _ in range(reps):
            if x is xa:
                y = nd.dot(x, x)
                nd.dot(tiny, tiny)
            else:
                y = (x.as_np_ndarray() @ x.as_np_ndarray()).as_nd_ndarray()
            norms.append(nd.norm(y))
            norms[-1].wait_to_read()
    return norms
