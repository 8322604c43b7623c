"""When the pending write ends, the reads queued behind it are granted, but the write queued behind those reads
is left at the head of var.queue, with var.pending_write None, until the last of them ends; complete_read then
takes it off the queue and starts it. The schedule is MXNet's, so values, orders and overlaps are right, but step
2 asks what becomes the new pending write when the pending write ends: MXNet makes the first write behind the
reads pending at once. The check reads the bookkeeping once a write has finished with a read and a write behind
it."""

EXPECT = {"hazards": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.engine import READ, WRITE, ThreadedVarEngineBase


# %% ex2-dependency-rule
class StudentEngine(ThreadedVarEngineBase):
    """ThreadedVarEngineBase plus the rule, in MXNet's form."""

    def _free(self, var):
        return var.pending_write is None and not var.queue  # nothing pushed before it is unfinished

    def append_read(self, var, op):
        """op, just pushed, reads var."""
        if self._free(var):
            var.running_reads += 1
            self._grant(op)
        else:
            var.queue.append((op, READ))

    def append_write(self, var, op):
        """op, just pushed, writes var."""
        if self._free(var):
            var.pending_write = op
            if var.running_reads == 0:
                self._grant(op)
        else:
            var.queue.append((op, WRITE))

    def complete_read(self, var, op):
        """A read of var finished."""
        var.running_reads -= 1
        if var.running_reads == 0:
            self._next_write(var)

    def complete_write(self, var, op):
        """The pending write of var finished."""
        var.pending_write = None
        while var.queue and var.queue[0][1] == READ:  # the reads behind it run together
            reader, _ = var.queue.popleft()
            var.running_reads += 1
            self._grant(reader)
        if var.running_reads == 0:
            self._next_write(var)

    def _next_write(self, var):
        """No read runs on var any more: the write that waited for them may start."""
        if var.pending_write is not None:
            self._grant(var.pending_write)
        elif var.queue:  # the write behind the reads the last write let go
            writer, _ = var.queue.popleft()
            var.pending_write = writer
            self._grant(writer)
