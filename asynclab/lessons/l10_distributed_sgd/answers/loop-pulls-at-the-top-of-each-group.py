"""Found by a red team: worker_loop pulls at the top of every group of `every` steps but the first ("w is already
pulled once"), i.e. before computing, not after pushing: the pull after the last push is missing, so every worker
ends with the weights one update old (its own last push never comes back into w). A plausible slip. On dist_sync
the final weights differ from the one-process reference; on dist_async each group still starts from new weights
(fresh share 1.0), the fast worker never waits and the stale final weights still train, so nothing in
async-outruns-straggler sees that the step's "pull the new weights into w after each push" is not done."""

EXPECT = {"sync-equals-one-process": 0, "async-outruns-straggler": 0}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps, every):
    for first in range(0, steps, every):
        if first > 0:
            kv.pull(key, out=w)  # the newest weights before this group's gradients
        total = gradient_at(w, first)
        for step in range(first + 1, first + every):
            total = total + gradient_at(w, step)
        kv.push(key, total)
