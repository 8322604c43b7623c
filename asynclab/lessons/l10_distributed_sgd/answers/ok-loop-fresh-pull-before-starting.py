"""Right answer written differently: a defensive worker_loop pulls the weights once more before its first gradient
("make sure w is the store's"), then does exactly the solution's loop: `every` gradients at the weights it holds,
one push, one pull after it. The extra pull falls before any gradient, never inside a push's group, and brings back
the weights w already holds."""

EXPECT = {"sync-equals-one-process": 3, "async-outruns-straggler": 3}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps, every):
    kv.pull(key, out=w)
    for first in range(0, steps, every):
        total = gradient_at(w, first)
        for step in range(first + 1, first + every):
            total = total + gradient_at(w, step)
        kv.push(key, total)
        kv.pull(key, out=w)
