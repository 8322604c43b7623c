"""Computes the rounds from lab05.SCHEDULE by the dependency rule alone, forgetting that only two workers run operations."""

EXPECT = {"predict-schedule": 0}


# %% ex5-predict-schedule
from asynclab.lessons.l05_inside_the_engine.checks import SCHEDULE


def conflicts(a, b):
    """Two operations conflict when one writes a variable the other reads or writes."""
    (_, reads_a, writes_a), (_, reads_b, writes_b) = a, b
    return bool(set(writes_a) & (set(reads_b) | set(writes_b)) or set(writes_b) & set(reads_a))


PREDICTED_ROUNDS = {}
for i, op in enumerate(SCHEDULE):
    earlier = [PREDICTED_ROUNDS[other[0]] + 1 for other in SCHEDULE[:i] if conflicts(op, other)]
    PREDICTED_ROUNDS[op[0]] = max(earlier, default=0)
