"""No rule at all on a single worker: the engine ignores the workers it is asked for and grants every operation at once. One worker runs the ops one at a time in push order, so a dependent pair never overlaps and a failed variable's reader waits behind it by construction; none of that is the rule, so none of step 2's points."""

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
    def __init__(self, num_workers=2, naive=False):
        super().__init__(1, naive=naive)  # one worker: nothing can run out of order

    def append_read(self, var, op):
        self._grant(op)

    def append_write(self, var, op):
        self._grant(op)

    def complete_read(self, var, op):
        pass

    def complete_write(self, var, op):
        pass
