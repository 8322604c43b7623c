"""train_async and train_synced are the course's own train_loop (asynclab.foundation.workloads.mlp), whose signature is the lab's: copied, so they earn nothing."""

EXPECT = {"front-returns-early": 0, "sync-bounds-memory": 0}

# %% ex2-train-async
from asynclab.foundation.workloads.mlp import train_loop

train_async = train_loop

# %% ex3-train-synced
from asynclab.foundation.workloads import mlp


def train_synced(net, trainer, loss, batches):
    mlp.train_loop(net, trainer, loss, batches, sync_every=1)
