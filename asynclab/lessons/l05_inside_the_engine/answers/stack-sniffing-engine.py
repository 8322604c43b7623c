"""Detects that it is being checked by reading the call stack with traceback.extract_stack: under the hazards
check's own functions it runs every op one at a time (one worker, every op granted at once, a pending_write
ledger), elsewhere it has no rule at all. Found by a review (hazards 2/2); the judge now refuses
traceback's stack readers as it refuses inspect.stack."""

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
import traceback


class StudentEngine(ThreadedVarEngineBase):
    def __init__(self, num_workers=2, naive=False):
        callers = {f.name for f in traceback.extract_stack()}
        checked = bool(callers & {"_pending_write_kept", "_orders", "_random_programs"})
        super().__init__(1 if checked else num_workers, naive=naive)

    def append_read(self, var, op):
        self._grant(op)

    def append_write(self, var, op):
        if var.pending_write is None:
            var.pending_write = op
        else:
            var.queue.append((op, WRITE))
        self._grant(op)

    def complete_read(self, var, op):
        pass

    def complete_write(self, var, op):
        var.pending_write = var.queue.popleft()[0] if var.queue else None
