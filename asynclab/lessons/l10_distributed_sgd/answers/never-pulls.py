"""A worker that never waits for the server: it pushes every gradient and never pulls, so w never changes."""

EXPECT = {"sync-equals-one-process": 0, "async-outruns-straggler": 0}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps):
    for step in range(steps):
        kv.push(key, gradient_at(w, step))
