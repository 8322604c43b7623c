"""An engine that runs every operation inside push (NaiveEngine behaviour)."""

EXPECT = {
    "sync-engine": 1,
    "hazards": 0,
    "serialize": 0,
    "overlap": 0,
    "worked-example": 1,
    "errors-at-wait": 0,
}

# Results are right, but there is no rule (hazards), an op's error comes out of push, at the faulty line,
# and nothing overlaps: a dependent pair is kept apart by construction, which serialize's independent
# pair shows. check_serialize, check_errors_at_wait and check_overlap must catch it.

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.engine import ThreadedVarEngineBase


# %% ex2-dependency-rule
class StudentEngine(ThreadedVarEngineBase):
    def __init__(self, num_workers=2, naive=False):
        super().__init__(num_workers, naive=True)  # the rule is never needed
