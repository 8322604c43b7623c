"""Right answer written differently: it follows the loop event by event (when each operation is issued, starts and ends, when each wait returns) instead of a closed formula."""

EXPECT = {"async-beats-sync": 3, "predict-every-k": 2, "costs-from-trace": 2}


# %% ex2-predict-every
def predict_every_seconds(t1, t2, t3, n, k):
    front = 0.0  # when the front end is free again
    back = 0.0  # when the back end is free again
    for i in range(n):
        front += t1  # issued
        back = max(back, front) + t2  # starts once issued and once the back end is free
        if (i + 1) % k == 0:
            front = back + t3  # the wait returns after the operation, plus the round trip
    return front
