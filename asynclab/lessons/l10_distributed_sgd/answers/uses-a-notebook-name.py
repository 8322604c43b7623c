"""Uses a name the notebook has and the workers do not (psgd): one sentence says to import it."""

EXPECT = {"sync-equals-one-process": 0, "async-outruns-straggler": 0}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps):
    for step in range(steps):
        kv.push(psgd.KEY, gradient_at(w, step))
        kv.pull(psgd.KEY, out=w)
