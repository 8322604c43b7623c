"""SNIPPET holds a number instead of the code as a string."""

EXPECT = {
    "overlaps-the-read": 2,
    "finds-hidden-waits": 2,
    "engine-switch-fixed": 0,
    "memory-of-result": 2,
    "predict-blocking": 2,
}


# %% ex3-snippet
SNIPPET = 42
