"""Issues the products in turns and waits for nothing, but keeps a progress line per turn, written with
os.write to descriptor 1 instead of print. A notebook's kernel shows what reaches descriptor 1 as the cell's
output, so the function prints 2 * reps lines where the step asks for one that prints nothing: none of the
step's points."""

EXPECT = {"two-devices-at-once": 0}

from mxnet import nd


# %% ex1-norms-both
import os


def norms_both(xa, xb, reps):
    on_a, on_b = [], []
    for r in range(reps):
        on_a.append(nd.norm(nd.dot(xa, xa)))
        on_b.append(nd.norm(nd.dot(xb, xb)))
        os.write(1, f"issued products {r + 1} of cpu(0) and cpu(1)\n".encode())
    return on_a + on_b
