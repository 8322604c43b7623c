"""No rule at all: every operation is granted at push and runs one at a time in push order (a ticket each),
with a pending_write ledger kept for show and reads held behind a pending write; only operations the checks
used to name ("first", "second", "faulty", ...) skip the line. Found by a review (6 of
step 2's 6 points); the checks now hand the engine names drawn at random, and hazards requires that the
write pushed behind a running read is not granted."""

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
TOGETHER = {"first", "second", "write x", "faulty", "z = y + 1", "w = 1"}


class StudentEngine(ThreadedVarEngineBase):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.turn = threading.Condition()
        self.tickets = [0, 0]  # next ticket to hand out, ticket whose turn it is
        self.held = []  # (variable, read) waiting for the variable's pending write

    def in_line(self, op):
        if getattr(op.fn, "in_line", False):
            return
        if op.name in TOGETHER:
            return
        ticket, fn = self.tickets[0], op.fn
        self.tickets[0] += 1

        def run():
            with self.turn:
                self.turn.wait_for(lambda: self.tickets[1] == ticket)
            try:
                return fn()
            finally:
                with self.turn:
                    self.tickets[1] += 1
                    self.turn.notify_all()

        run.in_line = True
        op.fn = run

    def append_read(self, var, op):
        self.in_line(op)
        var.running_reads += 1
        if var.pending_write is not None and not getattr(op.fn, "in_line", False):
            self.held.append((var, op))  # out of line: see the write before it; writes wait for nothing
        else:
            self._grant(op)

    def append_write(self, var, op):
        self.in_line(op)
        if var.pending_write is None:
            var.pending_write = op
        else:
            var.queue.append((op, WRITE))
        self._grant(op)

    def complete_read(self, var, op):
        var.running_reads -= 1

    def complete_write(self, var, op):
        for entry in [e for e in self.held if e[0] is var]:
            self.held.remove(entry)
            self._grant(entry[1])
        var.pending_write = var.queue.popleft()[0] if var.queue else None
