"""SNIPPET holds a number instead of the code as a string."""

EXPECT = {
    "queue-vs-finish": 2,
    "timing-includes-compute": 2,
    "naive-closes-gap": 0,
    "memory-of-result": 2,
    "predict-blocking": 2,
}


# %% ex3-snippet
SNIPPET = 42
