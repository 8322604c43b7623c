"""memory_of computes the returned array's size from its shape instead of measuring what the call added."""

EXPECT = {
    "overlaps-the-read": 2,
    "finds-hidden-waits": 2,
    "engine-switch-fixed": 3,
    "memory-of-result": 0,
    "predict-blocking": 2,
}


# %% ex4-memory-of
def memory_of(make):
    result = make()
    return result.size * 4 / 1e6
