"""PREDICTED says no loop grows, in a dict of a class of its own: each entry reads as False at odd look-ups (the check's test that it is a bool) and as an object equal to anything at even ones (the comparison with the measurement that follows), so every run of the check sees a well-formed table that matches."""

EXPECT = {"predict-memory-growth": 0}


# %% ex-predict-memory-growth
class AgreesWithAnything:
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = None


class Forecast(dict):
    def __init__(self, names):
        super().__init__(dict.fromkeys(names, False))
        self.reads = dict.fromkeys(self, 0)

    def __getitem__(self, name):
        self.reads[name] += 1
        if self.reads[name] % 2 == 0:  # every second look-up: the comparison
            return AgreesWithAnything()
        return super().__getitem__(name)


PREDICTED = Forecast(
    [
        "waits for every chunk",
        "keeps the arrays it loaded",
        "keeps the last two arrays it loaded",
        "keeps the chunks it was handed",
        "keeps copies of the chunks it was handed",
        "keeps each chunk it was handed, as float64",
        "issues every chunk, waits once at the end",
        "keeps the first values of each loaded array",
        "keeps copies of the first values of each loaded array",
        "keeps the first values of each chunk it was handed",
    ]
)
