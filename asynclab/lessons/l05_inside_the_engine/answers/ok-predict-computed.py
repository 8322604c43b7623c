"""A right answer written differently: the rounds computed from lab05.SCHEDULE by the rule and the two workers, not typed in."""

EXPECT = {
    "sync-engine": 1,
    "hazards": 2,
    "serialize": 1,
    "overlap": 2,
    "worked-example": 1,
    "errors-at-wait": 1,
    "predict-schedule": 2,
}


# %% ex5-predict-schedule
from asynclab.lessons.l05_inside_the_engine.checks import SCHEDULE


def conflicts(a, b):
    """Two operations conflict when one writes a variable the other reads or writes."""
    (_, reads_a, writes_a), (_, reads_b, writes_b) = a, b
    return bool(set(writes_a) & (set(reads_b) | set(writes_b)) or set(writes_b) & set(reads_a))


PREDICTED_ROUNDS = {}
busy = {}  # round -> operations running in it
for i, op in enumerate(SCHEDULE):
    start = max((PREDICTED_ROUNDS[other[0]] + 1 for other in SCHEDULE[:i] if conflicts(op, other)), default=0)
    while len(busy.get(start, [])) >= 2:  # two workers: a full round pushes the operation to the next
        start += 1
    busy.setdefault(start, []).append(op[0])
    PREDICTED_ROUNDS[op[0]] = start
