"""A worker that always waits: a barrier after every step makes dist_async as slow as dist_sync."""

EXPECT = {"async-outruns-straggler": 0}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps, every):
    for first in range(0, steps, every):
        total = gradient_at(w, first)
        for step in range(first + 1, first + every):
            total = total + gradient_at(w, step)
        kv.push(key, total)
        kv.pull(key, out=w)
        kv._barrier()
