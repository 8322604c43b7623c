"""predict_lagged_seconds times the check's own SleepDevice: reaching into the checks earns nothing."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 0, "costs-from-trace": 2}


# %% ex2-predict-lagged
def predict_lagged_seconds(t1, t2, t3, n, k):
    from asynclab.lessons.l03_async_speed import checks

    device = checks.SleepDevice(t1, t2, t3)
    try:
        return device.lagged(n, k)
    finally:
        device.close()
