"""The slowest worker's total scaled by 1.5, a factor tuned on the check's FAIL lines: a fudge that fits one kind of draw, and moves by 1.5 times any delay it is given."""

EXPECT = {"predict-barrier-time": 0}


# %% ex3-predict-barrier-time
def predict_seconds(delays, overhead, every):
    per_worker = [sum(row[w] for row in delays) for w in range(len(delays[0]))]
    return 1.5 * max(per_worker) + len(delays) * overhead
