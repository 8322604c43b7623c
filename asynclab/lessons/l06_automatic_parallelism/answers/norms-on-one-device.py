"""norms_both copies xb to cpu(0) and computes everything there: one queue, one worker, nothing side by side."""

EXPECT = {"two-devices-at-once": 0}


# %% ex1-norms-both
def norms_both(xa, xb, reps):
    xb_here = xb.copyto(mx.cpu(0))
    on_a = [nd.norm(nd.dot(xa, xa)) for _ in range(reps)]
    on_b = [nd.norm(nd.dot(xb_here, xb_here)) for _ in range(reps)]
    return on_a + on_b
