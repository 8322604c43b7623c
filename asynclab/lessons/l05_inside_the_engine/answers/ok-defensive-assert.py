"""Right answer in MXNet's form, written by a careful student who asserts in one hook that the variable belongs to
the op (var in op.reads + op.mutates). With the solution's own statements counted, it shared 5 of the 8 fingerprints
of the reference engine's _on_push (the two queue appends every right answer has, and this sum) and was taken for
re-typed course code; what the solution's answer holds no longer counts toward a copy. Found by a review."""

EXPECT = {
    "sync-engine": 1,
    "hazards": 2,
    "serialize": 1,
    "overlap": 2,
    "worked-example": 1,
    "errors-at-wait": 1,
}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.engine import READ, WRITE, ThreadedVarEngineBase


# %% ex2-dependency-rule
class StudentEngine(ThreadedVarEngineBase):
    """ThreadedVarEngineBase plus the rule, in MXNet's form."""

    def append_read(self, var, op):
        assert var in op.reads + op.mutates, "a hook for a variable the op does not use"
        if var.pending_write is None:
            var.running_reads += 1
            self._grant(op)
        else:
            var.queue.append((op, READ))

    def append_write(self, var, op):
        if var.pending_write is None:
            var.pending_write = op
            if var.running_reads == 0:
                self._grant(op)
        else:
            var.queue.append((op, WRITE))

    def complete_read(self, var, op):
        var.running_reads -= 1
        if var.running_reads == 0 and var.pending_write is not None:
            self._grant(var.pending_write)

    def complete_write(self, var, op):
        var.pending_write = None
        while var.queue:
            waiting, is_write = var.queue.popleft()
            if is_write:
                var.pending_write = waiting
                if var.running_reads == 0:
                    self._grant(waiting)
                return
            var.running_reads += 1
            self._grant(waiting)
