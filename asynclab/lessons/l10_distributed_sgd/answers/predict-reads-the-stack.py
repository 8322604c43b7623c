"""Walks the stack to the check's frame and returns its local `measured`, the time it has just measured: reading the inside of the check earns nothing."""

EXPECT = {"predict-barrier-time": 0}


# %% ex3-predict-barrier-time
import traceback


def predict_seconds(delays, overhead, every):
    for frame, _ in traceback.walk_stack(None):
        if "measured" in frame.f_locals:
            return float(frame.f_locals["measured"])
    return sum(max(row) + overhead for row in delays)
