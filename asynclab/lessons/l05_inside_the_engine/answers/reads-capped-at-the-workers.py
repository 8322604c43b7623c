"""MXNet's bookkeeping in the four hooks, with one "optimization": a variable grants at most num_workers reads
at a time ("more reads than workers cannot run at once anyway"); further reads wait in var.queue, with no
pending write, until a read ends, and a write pushed behind them waits there too. Orders stay right, but the
rule is not MXNet's: a granted read may still wait for another of its variables and then holds no worker, so
capping the grants leaves workers idle, and a write waiting behind capped reads is not x.pending_write, though
it is the oldest write pushed and not finished. The hazards check pushes three reads of an idle variable to two
workers and a write behind them, and reads the bookkeeping at once: running_reads is 2 here, not 3."""

EXPECT = {"hazards": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.engine import READ, WRITE, ThreadedVarEngineBase


# %% ex2-dependency-rule
class StudentEngine(ThreadedVarEngineBase):
    """ThreadedVarEngineBase plus the rule, in MXNet's form."""

    def _room_for_a_read(self, var):
        return var.running_reads < self.num_workers  # no more reads in flight than workers to run them

    def append_read(self, var, op):
        """op, just pushed, reads var."""
        if var.pending_write is None and not var.queue and self._room_for_a_read(var):
            var.running_reads += 1
            self._grant(op)
        else:
            var.queue.append((op, READ))

    def append_write(self, var, op):
        """op, just pushed, writes var."""
        if var.pending_write is None and not var.queue:
            var.pending_write = op
            if var.running_reads == 0:
                self._grant(op)
        else:
            var.queue.append((op, WRITE))

    def complete_read(self, var, op):
        """A read of var finished."""
        var.running_reads -= 1
        if var.pending_write is not None:
            if var.running_reads == 0:
                self._grant(var.pending_write)
        else:
            self._admit(var)

    def complete_write(self, var, op):
        """The pending write of var finished."""
        var.pending_write = None
        self._admit(var)

    def _admit(self, var):
        """Grant from the head of var's queue: reads while there is room, then the next write."""
        while var.queue:
            waiting, is_write = var.queue[0]
            if is_write:
                var.queue.popleft()
                var.pending_write = waiting
                if var.running_reads == 0:
                    self._grant(waiting)
                return
            if not self._room_for_a_read(var):
                return
            var.queue.popleft()
            var.running_reads += 1
            self._grant(waiting)
