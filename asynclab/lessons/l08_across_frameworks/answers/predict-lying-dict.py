"""PREDICTED predicts that no call waits, in dicts of a class of its own: each entry reads as False at odd look-ups (the check's test that it is a bool) and as an object equal to anything at even ones (the comparison with the measurement that follows), so every run of the check sees a well-formed table that matches."""

EXPECT = {"predict-frameworks": 0}


# %% ex-predict-frameworks
class AgreesWithAnything:
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = None


class Forecast(dict):
    def __init__(self, calls):
        super().__init__(dict.fromkeys(calls, False))
        self.reads = dict.fromkeys(self, 0)

    def __getitem__(self, call):
        self.reads[call] += 1
        if self.reads[call] % 2 == 0:  # every second look-up: the comparison
            return AgreesWithAnything()
        return super().__getitem__(call)


PREDICTED = {
    "MXNet": Forecast(
        [
            "y.dtype",
            "y[0].asnumpy()",
            "y.T",
            "y.max()",
            "bool(y.max() > 0)",
            "y[0]",
            "y += 1",
            "y.norm().asscalar()",
            "y.copyto(mx.cpu())",
        ]
    ),
    "PyTorch": Forecast(["y.dtype", "y.cpu()", "y.max().item()", "float(y[0, 0])", "y.norm().item()"]),
    "NumPy": Forecast(["y.dtype", "y.max()", "float(y[0, 0])", "y += 1"]),
}
