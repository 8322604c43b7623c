"""worker_loop is right on dist_sync, but on dist_async it never pulls until its last push ("an asynchronous worker must never wait"): every gradient is taken at the initial weights, so it is not SGD at all, only the initial gradient applied 15 times; the loss still falls, and the fast worker never waits. The check sees the weights its gradients were taken at never change from one push to the next."""

EXPECT = {"async-outruns-straggler": 0}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps, every):
    for first in range(0, steps, every):
        total = gradient_at(w, first)
        for step in range(first + 1, first + every):
            total = total + gradient_at(w, step)
        kv.push(key, total)
        if kv.type != "dist_async" or first + every >= steps:
            kv.pull(key, out=w)
