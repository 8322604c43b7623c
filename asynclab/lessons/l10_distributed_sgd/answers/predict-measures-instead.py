"""Runs the cluster to measure instead of predicting."""

EXPECT = {"predict-barrier-time": 0}

from asynclab.foundation.workloads import psgd  # for linters: the lab's setup cell provides psgd


# %% ex3-predict-barrier-time
def predict_seconds(delays, overhead, every):
    per_worker = tuple([row[w] for row in delays] for w in range(len(delays[0])))
    run = psgd.run("dist_async", steps=len(delays), delays=per_worker, loop=psgd.bounded_loop, every=every)
    return run.training_seconds
