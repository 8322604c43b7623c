"""Found by a red team: worker_loop pulls after every push on dist_sync, where a missed pull changes the final weights that sync-equals-one-process compares; on dist_async (kv.type) it skips the pull after every third push but the last, so a third of its groups are computed at weights it could have refreshed. The step asks for a pull after each push; the async check asked that at least half of the groups start from new weights (now 0.9; this loop 0.71), and a loop that tells the two stores apart by kv.type shows its full behaviour only where it is exact."""

EXPECT = {"sync-equals-one-process": 3, "async-outruns-straggler": 0}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps, every):
    for group, first in enumerate(range(0, steps, every)):
        total = gradient_at(w, first)
        for step in range(first + 1, first + every):
            total = total + gradient_at(w, step)
        kv.push(key, total)
        last = first + every >= steps
        if kv.type != "dist_async" or group % 3 != 2 or last:
            kv.pull(key, out=w)
