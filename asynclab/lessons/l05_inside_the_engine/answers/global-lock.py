"""The rule is right, but every operation is wrapped in one global lock: nothing ever runs side by side. An engine that runs one op at a time keeps a dependent pair apart and holds a failed variable's reader back by construction, and orders every read and write: none of step 2's points (hazards starts an op on another variable while a read holds the first worker)."""

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
import threading


# %% ex2-dependency-rule
ONE_AT_A_TIME = threading.Lock()


def locked(fn):
    def run():
        with ONE_AT_A_TIME:
            return fn()

    run.locked = True
    return run


class StudentEngine(ThreadedVarEngineBase):
    def append_read(self, var, op):
        if not getattr(op.fn, "locked", False):
            op.fn = locked(op.fn)  # "to be safe"
        if var.pending_write is None:
            var.running_reads += 1
            self._grant(op)
        else:
            var.queue.append((op, READ))

    def append_write(self, var, op):
        if not getattr(op.fn, "locked", False):
            op.fn = locked(op.fn)
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
