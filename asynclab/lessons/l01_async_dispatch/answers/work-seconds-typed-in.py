"""work_seconds returns the time a 2000x2000 product took once, typed in."""

EXPECT = {
    "overlaps-the-read": 2,
    "timing-includes-compute": 0,
    "engine-switch-fixed": 3,
    "memory-of-result": 2,
    "predict-blocking": 2,
}


# %% ex2-work-seconds
def work_seconds(work):
    work()
    return 0.15  # what the lesson printed
