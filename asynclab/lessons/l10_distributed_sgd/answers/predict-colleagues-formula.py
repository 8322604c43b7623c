"""The colleague's prediction as step 3 shows it: the slowest worker's total delay plus one round trip per step. Right for a worker slow at every step; too short when the slow steps move from worker to worker."""

EXPECT = {"predict-sync-time": 0}


# %% ex3-predict-sync-time
def predict_sync_seconds(delays, overhead):
    per_worker = [sum(row[w] for row in delays) for w in range(len(delays[0]))]
    return max(per_worker) + len(delays) * overhead  # the slowest worker sets the pace
