"""predict_every_seconds builds a sleeping device of its own and times the loop instead of predicting it."""

EXPECT = {"async-beats-sync": 3, "predict-every-k": 0, "costs-from-trace": 2}

# %% ex2-predict-every
import threading
import time


def predict_every_seconds(t1, t2, t3, n, k):
    start = time.perf_counter()
    for first in range(0, n, k):
        done = threading.Event()
        for i in range(k):
            time.sleep(t1)
            if i == k - 1:
                threading.Timer(t2, done.set).start()
        done.wait()
        time.sleep(t3)
    return time.perf_counter() - start
