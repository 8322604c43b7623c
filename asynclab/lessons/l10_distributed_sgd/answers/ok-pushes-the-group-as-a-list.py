"""Right answer: the worker collects a group's `every` gradients in a list and pushes the list under its key in one
call, which MXNet's store sums on the worker before it sends (values pushed to one key are added), then pulls."""

EXPECT = {"sync-equals-one-process": 3, "async-outruns-straggler": 3}


# %% ex1-setup-store
def setup_store(kv, lr, every):
    kv.set_optimizer(mx.optimizer.SGD(learning_rate=lr, rescale_grad=1.0 / (kv.num_workers * every)))


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps, every):
    for first in range(0, steps, every):
        group = [gradient_at(w, step) for step in range(first, first + every)]  # all at the weights w holds
        kv.push(key, group)  # one push: the store adds the list's values before sending
        kv.pull(key, out=w)
