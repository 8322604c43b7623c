"""Every loop predicted to grow."""

EXPECT = {"predict-memory-growth": 0}


# %% ex-predict-memory-growth
PREDICTED = {
    "waits for every chunk": True,
    "keeps the last two arrays it loaded": True,
    "keeps the arrays it loaded": True,
    "keeps the chunks it was handed": True,
    "keeps copies of the chunks it was handed": True,
    "keeps each chunk it was handed, as float64": True,
    "issues every chunk, waits once at the end": True,
    "keeps the first values of each loaded array": True,
    "keeps copies of the first values of each loaded array": True,
    "keeps the first values of each chunk it was handed": True,
}
