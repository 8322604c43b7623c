"""Keeping the chunks read_chunks hands out predicted to grow: they are views of one buffer, overwritten by every read."""

EXPECT = {"predict-memory-growth": 0}


# %% ex-predict-memory-growth
PREDICTED = {
    "waits for every chunk": False,
    "keeps the last two arrays it loaded": False,
    "keeps the arrays it loaded": True,
    "keeps the chunks it was handed": True,
    "keeps copies of the chunks it was handed": True,
    "keeps each chunk it was handed, as float64": True,
    "issues every chunk, waits once at the end": False,
    "keeps the first values of each loaded array": True,
    "keeps copies of the first values of each loaded array": False,
    "keeps the first values of each chunk it was handed": True,
}
