"""Runs the cluster to measure instead of predicting."""

EXPECT = {"predict-sync-time": 0}

from asynclab.foundation.workloads import psgd  # for linters: the lab's setup cell provides psgd


# %% ex3-predict-sync-time
def predict_sync_seconds(delays, overhead):
    per_worker = tuple([row[w] for row in delays] for w in range(len(delays[0])))
    return psgd.run("dist_sync", steps=len(delays), delays=per_worker).training_seconds
