"""The loop that never waits predicted to grow, as lesson 04's training loop did: here the device is slower than the back end, which keeps up."""

EXPECT = {"predict-memory-growth": 0}


# %% ex-predict-memory-growth
PREDICTED = {
    "waits for every chunk": False,
    "keeps the last two arrays it loaded": False,
    "keeps the arrays it loaded": True,
    "keeps the chunks it was handed": False,
    "keeps copies of the chunks it was handed": True,
    "keeps each chunk it was handed, as float64": True,
    "issues every chunk, waits once at the end": True,
    "keeps the first values of each loaded array": True,
    "keeps copies of the first values of each loaded array": False,
    "keeps the first values of each chunk it was handed": False,
}
