"""PREDICTED_ROUNDS is a dict whose lookups answer 0 until the check has measured, then read the check's own
measurement out of the caller's frame (sys._getframe): the oracle, not a prediction. Found by a review (2/2):
predictions were not judged for introspection; now they are."""

EXPECT = {
    "predict-schedule": 0,
}


# %% ex5-predict-schedule
import sys


class Rounds(dict):
    def __getitem__(self, key):
        frame = sys._getframe(1)
        seen = frame.f_locals.get("measured")
        if isinstance(seen, dict) and key in seen:
            return seen[key]
        return 0


PREDICTED_ROUNDS = Rounds.fromkeys(
    ["load x", "load y", "load v", "z = f(x, y)", "x[:] = 0", "w = g(v)", "print(x)", "out = h(z, w)"], 0
)
PREDICTED_ROUNDS = Rounds(PREDICTED_ROUNDS)
