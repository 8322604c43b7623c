"""Every dependency is queued as a write, reads included."""

EXPECT = {
    "sync-engine": 1,
    "hazards": 2,
    "serialize": 1,
    "overlap": 0,
    "worked-example": 1,
    "errors-at-wait": 1,
}

# Orders are right, but two ops that only read the same input wait for each
# other (B = A + 1 and C = A + 2 cannot run together). check_overlap must catch it.

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.engine import WRITE, EngineBase


# %% ex2-dependency-rule
class StudentEngine(EngineBase):
    def _on_push(self, op):
        for var in op.reads + op.mutates:
            var.queue.append((op, WRITE))
        for var in op.reads + op.mutates:
            self._dispatch(var)

    def _dispatch(self, var):
        if var.writing or not var.queue:
            return
        op, _ = var.queue.popleft()
        var.writing = True
        self._grant(op)

    def _on_complete(self, op):
        for var in op.reads + op.mutates:
            var.writing = False
            self._dispatch(var)
