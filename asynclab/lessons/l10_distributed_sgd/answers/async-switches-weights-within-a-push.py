"""worker_loop is the solution's on dist_sync, but on dist_async it hides the pull's round trip behind one
gradient: after each push it starts the pull into a spare array, takes the next group's first gradient at the
weights it holds, then copies the pulled weights into w and takes the group's other gradients at them. The every
gradients of one push are taken at two sets of weights, the fault of loop-pulls-after-every-gradient, though no
pull call falls between two of them: the check compares digests of the weights each gradient read."""

EXPECT = {"sync-equals-one-process": 3, "async-outruns-straggler": 0}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps, every):
    # dist_sync must wait for each round; on dist_async, compute one gradient while the new weights travel
    hide = kv.type == "dist_async"
    pulled = w.copy()
    for first in range(0, steps, every):
        total = gradient_at(w, first)  # at the weights held, while the last pull is in flight
        if hide:
            pulled.copyto(w)  # the weights pulled after the last push, for the rest of the group
        for step in range(first + 1, first + every):
            total = total + gradient_at(w, step)
        kv.push(key, total)
        kv.pull(key, out=pulled if hide else w)
    if hide:
        pulled.copyto(w)
