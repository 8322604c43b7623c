"""Red team (round 14): when the pending write ends, complete_write grants every read in the queue, those behind
the next write too, and makes the first write it meets the new pending write (the others stay queued): the student
read "when the pending write ends, the reads behind it start" as all the reads queued. A read pushed after the next
write then runs before that write: read-after-write broken. The bookkeeping the check inspects (a read and a write
behind a running write; a held read with two writes behind it) never has a read queued behind the next write, so
only the random programs can see it."""

EXPECT = {"hazards": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.engine import READ, WRITE, ThreadedVarEngineBase


# %% ex2-dependency-rule
from collections import deque


class StudentEngine(ThreadedVarEngineBase):
    """ThreadedVarEngineBase plus the rule, in MXNet's form."""

    def append_read(self, var, op):
        """op, just pushed, reads var."""
        if var.pending_write is None:
            var.running_reads += 1
            self._grant(op)
        else:
            var.queue.append((op, READ))

    def append_write(self, var, op):
        """op, just pushed, writes var."""
        if var.pending_write is None:
            var.pending_write = op
            if var.running_reads == 0:
                self._grant(op)
        else:
            var.queue.append((op, WRITE))

    def complete_read(self, var, op):
        """A read of var finished."""
        var.running_reads -= 1
        if var.running_reads == 0 and var.pending_write is not None:
            self._grant(var.pending_write)

    def complete_write(self, var, op):
        """The pending write of var finished."""
        var.pending_write = None
        writes = deque()
        while var.queue:
            waiting, is_write = var.queue.popleft()
            if is_write:
                writes.append((waiting, WRITE))
            else:  # every queued read may start now
                var.running_reads += 1
                self._grant(waiting)
        if writes:
            var.pending_write = writes.popleft()[0]
            var.queue.extend(writes)
            if var.running_reads == 0:
                self._grant(var.pending_write)
