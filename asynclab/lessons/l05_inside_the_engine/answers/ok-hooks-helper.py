"""A right rule written another way: a helper grants the run of reads behind a finished write, and the write's start is a method of its own."""

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
    def _start_write_if_free(self, var):
        if var.pending_write is not None and var.running_reads == 0:
            self._grant(var.pending_write)

    def append_read(self, var, op):
        if var.pending_write is not None:
            var.queue.append((op, READ))
            return
        var.running_reads += 1
        self._grant(op)

    def append_write(self, var, op):
        if var.pending_write is not None:
            var.queue.append((op, WRITE))
            return
        var.pending_write = op
        self._start_write_if_free(var)

    def complete_read(self, var, op):
        var.running_reads -= 1
        if var.running_reads == 0:
            self._start_write_if_free(var)

    def complete_write(self, var, op):
        reads = []
        while var.queue and var.queue[0][1] == READ:
            reads.append(var.queue.popleft()[0])
        var.pending_write = var.queue.popleft()[0] if var.queue else None
        var.running_reads += len(reads)
        for reader in reads:
            self._grant(reader)
        self._start_write_if_free(var)
