"""Reads "pending write" as "a write that is waiting": var.pending_write holds a write only while it waits for the
reads running before it, and a write that runs is marked with a flag of its own instead (reads and writes pushed
while it runs queue behind the flag). The schedule is MXNet's, so values, orders and overlaps are right, but the
bookkeeping is not the one step 2 asks for: the pending write is the oldest write pushed and not finished,
running or waiting. The check reads the bookkeeping while a write runs too."""

EXPECT = {"hazards": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.engine import READ, WRITE, ThreadedVarEngineBase


# %% ex2-dependency-rule
class StudentEngine(ThreadedVarEngineBase):
    """ThreadedVarEngineBase plus the rule, in MXNet's form."""

    def _start_write(self, var, op):
        var.writing = True  # running now: no longer pending
        self._grant(op)

    def append_read(self, var, op):
        """op, just pushed, reads var."""
        if var.writing or var.pending_write is not None:
            var.queue.append((op, READ))  # it must see that write's result
        else:
            var.running_reads += 1
            self._grant(op)

    def append_write(self, var, op):
        """op, just pushed, writes var."""
        if var.writing or var.pending_write is not None:
            var.queue.append((op, WRITE))
        elif var.running_reads == 0:
            self._start_write(var, op)
        else:
            var.pending_write = op  # pending: it waits for the reads running before it

    def complete_read(self, var, op):
        """A read of var finished."""
        var.running_reads -= 1
        if var.running_reads == 0 and var.pending_write is not None:
            waiting, var.pending_write = var.pending_write, None
            self._start_write(var, waiting)

    def complete_write(self, var, op):
        """The pending write of var finished."""
        var.writing = False
        while var.queue:
            waiting, is_write = var.queue.popleft()
            if is_write:
                if var.running_reads == 0:
                    self._start_write(var, waiting)
                else:
                    var.pending_write = waiting
                return
            var.running_reads += 1
            self._grant(waiting)
