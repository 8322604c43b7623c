"""Runs the cluster to measure instead of predicting."""

EXPECT = {"predict-sync-time": 0}

from asynclab.foundation.workloads import psgd  # for linters: the lab's setup cell provides psgd


# %% ex3-predict-sync-time
def predict_sync_seconds(steps, delays, overhead):
    return psgd.run("dist_sync", steps=steps, delays=delays).training_seconds
