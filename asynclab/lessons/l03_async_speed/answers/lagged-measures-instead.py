"""predict_lagged_seconds builds a sleeping device of its own and times the lagged loop instead of predicting it."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 0, "costs-from-trace": 2}

# %% ex2-predict-lagged
import time
from concurrent.futures import ThreadPoolExecutor


def predict_lagged_seconds(t1, t2, t3, n, k):
    with ThreadPoolExecutor(max_workers=1) as worker:
        start = time.perf_counter()
        pending = []
        for i in range(n):
            time.sleep(t1)
            pending.append(worker.submit(time.sleep, t2))
            if i >= k:
                pending[i - k].result()
                time.sleep(t3)
        pending[-1].result()
        time.sleep(t3)
        return time.perf_counter() - start
