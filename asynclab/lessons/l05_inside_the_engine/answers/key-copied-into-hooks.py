"""The four methods hand every entry to lesson 05's queue-head rule, copied from the course's engine_reference under another name: the course's code, not an answer."""

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
class StudentEngine(ThreadedVarEngineBase):
    def append_read(self, var, op):
        var.queue.append((op, READ))
        self._grant_from_head(var)

    def append_write(self, var, op):
        var.queue.append((op, WRITE))
        self._grant_from_head(var)

    def complete_read(self, var, op):
        var.running_reads -= 1
        if var.running_reads == 0:
            self._grant_from_head(var)

    def complete_write(self, var, op):
        var.writing = False
        self._grant_from_head(var)

    def _grant_from_head(self, var):
        waiting = var.queue
        while waiting:
            op, is_write = waiting[0]
            if is_write:
                if var.writing or var.running_reads > 0:
                    return
                waiting.popleft()
                var.writing = True
                self._grant(op)
                return
            if var.writing:
                return
            waiting.popleft()
            var.running_reads += 1
            self._grant(op)
