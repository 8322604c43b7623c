"""Every operation is granted at once and nothing is tracked: no rule at all, so none of step 2's points (its reads overlap, but they also start before the write they follow has ended, and a reader of a failed variable runs)."""

EXPECT = {
    "sync-engine": 1,
    "hazards": 0,
    "serialize": 0,
    "overlap": 0,
    "worked-example": 1,
    "errors-at-wait": 0,
}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.engine import READ, WRITE, ThreadedVarEngineBase


# %% ex2-dependency-rule
class StudentEngine(ThreadedVarEngineBase):
    def append_read(self, var, op):
        self._grant(op)

    def append_write(self, var, op):
        self._grant(op)

    def complete_read(self, var, op):
        pass

    def complete_write(self, var, op):
        pass
