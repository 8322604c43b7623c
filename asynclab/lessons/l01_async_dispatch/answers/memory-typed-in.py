"""memory_of returns the figure the student once saw printed instead of measuring."""

EXPECT = {
    "overlaps-the-read": 2,
    "finds-hidden-waits": 2,
    "engine-switch-fixed": 3,
    "memory-of-result": 0,
    "predict-blocking": 2,
}


# %% ex4-memory-of
def memory_of(make):
    make().wait_to_read()
    return 64.0
