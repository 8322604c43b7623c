"""Right answer written with MXNet's own pushpull: each sum of every gradients is pushed and the new weights
pulled into w in one call (the harness counts a pushpull as a push)."""

EXPECT = {"sync-equals-one-process": 3, "async-outruns-straggler": 3}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps, every):
    for first in range(0, steps, every):
        total = gradient_at(w, first)
        for step in range(first + 1, first + every):
            total = total + gradient_at(w, step)
        kv.pushpull(key, total, out=w)
