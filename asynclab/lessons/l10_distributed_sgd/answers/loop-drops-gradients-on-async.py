"""worker_loop is the solution's on dist_sync; on dist_async (kv.type) it still asks
gradient_at for every step once, in order, at the weights it holds, but pushes only the first gradient of each
group ("the others are stale anyway") and throws the rest away. It pushes once per group, pulls after each push
and trains, and outran the straggler like a right loop until the harness read what each push sent. Wrong: a push
must carry the sum of the `every` gradients."""

EXPECT = {"sync-equals-one-process": 3, "async-outruns-straggler": 0}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps, every):
    for first in range(0, steps, every):
        grads = [gradient_at(w, step) for step in range(first, first + every)]
        total = grads[0]
        if kv.type != "dist_async":
            for g in grads[1:]:
                total = total + g
        kv.push(key, total)
        kv.pull(key, out=w)
