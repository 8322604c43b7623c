"""Every read is handled as a write: results stay right, but a read becomes the pending write and reads of one variable never run side by side."""

EXPECT = {
    "sync-engine": 1,
    "hazards": 0,
    "serialize": 1,
    "overlap": 0,
    "worked-example": 1,
    "errors-at-wait": 1,
}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.engine import READ, WRITE, ThreadedVarEngineBase


# %% ex2-dependency-rule
class StudentEngine(ThreadedVarEngineBase):
    def append_read(self, var, op):
        self.append_write(var, op)

    def append_write(self, var, op):
        if var.pending_write is None:
            var.pending_write = op
            if var.running_reads == 0:
                self._grant(op)
        else:
            var.queue.append((op, WRITE))

    def complete_read(self, var, op):
        self.complete_write(var, op)

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
