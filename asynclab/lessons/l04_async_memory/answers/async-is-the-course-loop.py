"""train_async and train_every are the course's own train_loop (asynclab.foundation.workloads.mlp), whose signature is close to the lab's: copied, so they earn nothing."""

EXPECT = {"peak-increase": 2, "front-returns-early": 0, "sync-every-k": 0}

# %% ex2-train-async
from asynclab.foundation.workloads.mlp import train_loop

train_async = train_loop

# %% ex3-train-every
from asynclab.foundation.workloads import mlp


def train_every(net, trainer, loss, batches, k):
    mlp.train_loop(net, trainer, loss, batches, sync_every=k)
