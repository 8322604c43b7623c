"""Found by a red team: norms_both issues the products in turns and waits for nothing in the calling thread, but keeps the colleague's log: a daemon thread it starts prints every norm (each asscalar a wait) while the check goes on. The step asks for a function that prints nothing; the log's lines land in the check's output, or in whatever cell runs next, and the thread waits on every norm behind the caller's back. It scored 3 when the check saw only what the call itself wrote; the check now waits for the threads the call started to end before it stops reading the output."""

EXPECT = {"two-devices-at-once": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex1-norms-both
import threading


def norms_both(xa, xb, reps):
    on_a, on_b = [], []
    for _ in range(reps):
        on_a.append(nd.norm(nd.dot(xa, xa)))
        on_b.append(nd.norm(nd.dot(xb, xb)))
    norms = on_a + on_b

    def log():
        for count, norm in enumerate(norms, start=1):
            print(f"product {count}: norm {norm.asscalar():.1f}")

    threading.Thread(target=log, daemon=True).start()
    return norms
