"""A slice of 8 values of each loaded array predicted to stay bounded, as if it were 64 bytes: an MXNet slice
along the first axis is a view that keeps its whole array alive. Every other prediction is right."""

EXPECT = {"predict-memory-growth": 0}


# %% ex-predict-memory-growth
PREDICTED = {
    "waits for every chunk": False,
    "keeps the last two arrays it loaded": False,
    "keeps the arrays it loaded": True,
    "keeps the chunks it was handed": False,
    "keeps copies of the chunks it was handed": True,
    "keeps each chunk it was handed, as float64": True,
    "issues every chunk, waits once at the end": False,
    "keeps the first values of each loaded array": False,
    "keeps copies of the first values of each loaded array": False,
    "keeps the first values of each chunk it was handed": False,
}
