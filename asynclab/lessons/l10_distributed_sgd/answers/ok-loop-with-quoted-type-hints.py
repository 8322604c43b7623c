"""Right answer (the solution's code) with type hints, quoted as many style guides and older Pythons write them:
`gradient_at: "Callable[[mx.nd.NDArray, int], mx.nd.NDArray]"`. A student quotes them for a good reason here: the
step says the workers define only mx, nd and np, and a quoted hint needs no `from typing import Callable` (the
workers compile the source with `from __future__ import annotations`, so nothing is evaluated there either). The
copy judge takes any annotation whose string is more than a dotted name for "an annotation written as a string of
code" (copies._coded) and scores both step-1 checks 0: 6 points lost by a right answer. Found by a review (round 5): a string annotation that only writes a type out (names, [], |, lists) is allowed now."""

EXPECT = {"sync-equals-one-process": 3, "async-outruns-straggler": 3}

import mxnet as mx  # for linters: the workers provide mx


# %% ex1-setup-store
def setup_store(kv: "mx.kv.KVStore", lr: float, every: int) -> None:
    """Give the store its optimizer: SGD at lr on the mean of every gradient a round of pushes stands for."""
    kv.set_optimizer(mx.optimizer.SGD(learning_rate=lr, rescale_grad=1.0 / (kv.num_workers * every)))


# %% ex1-worker-loop
def worker_loop(
    kv: "mx.kv.KVStore",
    key: int,
    w: "mx.nd.NDArray",
    gradient_at: "Callable[[mx.nd.NDArray, int], mx.nd.NDArray]",
    steps: int,
    every: int,
) -> None:
    """steps gradients at the weights w holds, their sum pushed once per `every`, the new weights pulled into w."""
    for first in range(0, steps, every):
        total = gradient_at(w, first)
        for step in range(first + 1, first + every):
            total = total + gradient_at(w, step)
        kv.push(key, total)
        kv.pull(key, out=w)
