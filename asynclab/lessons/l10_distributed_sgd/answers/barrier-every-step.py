"""A worker that always waits: a barrier after every step makes dist_async as slow as dist_sync."""

EXPECT = {"async-outruns-straggler": 0}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps):
    for step in range(steps):
        grad = gradient_at(w, step)
        kv.push(key, grad)
        kv.pull(key, out=w)
        kv._barrier()
