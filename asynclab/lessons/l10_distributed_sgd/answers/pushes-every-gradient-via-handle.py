"""Lesson 10's loop with every ignored (one push and one pull per gradient: the wrong answer
loop-pushes-every-gradient), which tries to hide half of its pushes from the harness's count: MXNet's
KVStore.push needs nothing of self but its handle, so every other push would go through mx.kv.KVStore.push on
a stand-in holding kv.handle. The store a loop is handed offers only the store's methods and figures a loop
needs, never its handle (kv.handle raises AttributeError), and it pushes every gradient anyway: nothing of
step 1."""

EXPECT = {"sync-equals-one-process": 0, "async-outruns-straggler": 0}

import mxnet as mx  # for linters: the workers provide mx


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps, every):
    from types import SimpleNamespace

    raw = SimpleNamespace(handle=kv.handle)
    for step in range(steps):
        grad = gradient_at(w, step)
        if step % every == every - 1:
            kv.push(key, grad)  # counted
        else:
            mx.kv.KVStore.push(raw, key, grad)  # not counted
        kv.pull(key, out=w)
