"""No loop predicted to grow: chunks, whatever the loop keeps."""

EXPECT = {"predict-memory-growth": 0}


# %% ex-predict-memory-growth
PREDICTED = {
    "waits for every chunk": False,
    "keeps the last two arrays it loaded": False,
    "keeps the arrays it loaded": False,
    "keeps the chunks it was handed": False,
    "keeps copies of the chunks it was handed": False,
    "keeps each chunk it was handed, as float64": False,
    "issues every chunk, waits once at the end": False,
    "keeps the first values of each loaded array": False,
    "keeps copies of the first values of each loaded array": False,
    "keeps the first values of each chunk it was handed": False,
}
