"""Right answer written differently: it follows the loop event by event (when each operation is issued, starts and ends, when each wait returns) instead of a closed formula."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 2, "costs-from-trace": 2}


# %% ex2-predict-lagged
def predict_lagged_seconds(t1, t2, t3, n, k):
    front = 0.0  # when the front end is free again
    back = 0.0  # when the back end is free again
    ends = []
    for i in range(n):
        front += t1  # issued
        back = max(back, front) + t2  # starts once issued and once the back end is free
        ends.append(back)
        if i >= k:
            front = max(front, ends[i - k]) + t3  # the wait returns t3 after that operation ended
    return max(front, ends[-1]) + t3
