"""Right, in another way: a generator inside worker_loop yields each group's steps; the group's gradients are
summed with nd.add_n, pushed once and the weights pulled; setup_store is the solution's."""

EXPECT = {"sync-equals-one-process": 3, "async-outruns-straggler": 3}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps, every):
    def groups():
        step = 0
        while step < steps:
            yield range(step, step + every)
            step += every

    for group in groups():
        grads = [gradient_at(w, s) for s in group]  # all at the weights w holds now
        kv.push(key, nd.add_n(*grads))
        kv.pull(key, out=w)
