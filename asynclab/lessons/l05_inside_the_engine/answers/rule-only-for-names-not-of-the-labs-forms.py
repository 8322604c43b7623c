"""StudentEngine keeps MXNet's bookkeeping only for operations whose names are not of the forms the lab's cells
use ("write a", "read b", "B = A + 1", ...): for those it has no rule at all, every operation granted at push and
nothing tracked, so the lab's own "try it" cells run dependent operations side by side. An engine that tells
whose operations it runs by the form of their names, to behave only where it is checked: none of step 2's
points."""

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


# %% ex2-dependency-rule
import re

_LABS_OWN = re.compile(r"(write|read) [a-z]( again)?|[A-Za-z] = .+|[a-z]")


class StudentEngine(ThreadedVarEngineBase):
    def _tracked(self, op):  # the rule for every name but the lab's own forms
        return _LABS_OWN.fullmatch(str(op.name)) is None

    def _maybe_start_writer(self, var):
        if var.pending_write is not None and var.running_reads == 0:
            self._grant(var.pending_write)

    def append_read(self, var, op):
        if not self._tracked(op):
            self._grant(op)
            return
        if var.pending_write is not None:
            var.queue.append((op, READ))
        else:
            var.running_reads += 1
            self._grant(op)

    def append_write(self, var, op):
        if not self._tracked(op):
            self._grant(op)
            return
        if var.pending_write is not None:
            var.queue.append((op, WRITE))
        else:
            var.pending_write = op
            self._maybe_start_writer(var)

    def complete_read(self, var, op):
        if not self._tracked(op):
            return
        var.running_reads -= 1
        if var.running_reads == 0:
            self._maybe_start_writer(var)

    def complete_write(self, var, op):
        if not self._tracked(op):
            return
        var.pending_write = None
        while var.queue and var.queue[0][1] == READ:
            reader = var.queue.popleft()[0]
            var.running_reads += 1
            self._grant(reader)
        if var.queue:
            var.pending_write = var.queue.popleft()[0]
            self._maybe_start_writer(var)
