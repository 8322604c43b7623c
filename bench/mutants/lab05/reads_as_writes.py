"""Every dependency is queued as a write, reads included.

Orders are right, but two ops that only read the same input wait for each
other (B = A + 1 and C = A + 2 cannot run together). check_overlap must catch it.
"""

from asynclab.engine import WRITE, EngineBase

CAUGHT_BY = ("check_overlap",)


class StudentEngine(EngineBase):
    def _on_push(self, op):
        for var in op.reads + op.mutates:
            var.queue.append((op, WRITE))
        for var in op.reads + op.mutates:
            self._dispatch(var)

    def _dispatch(self, var):
        if var.writing or not var.queue:
            return
        op, _ = var.queue.popleft()
        var.writing = True
        self._grant(op)

    def _on_complete(self, op):
        for var in op.reads + op.mutates:
            var.writing = False
            self._dispatch(var)
