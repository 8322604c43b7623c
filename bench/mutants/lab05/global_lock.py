"""One global lock: every operation waits for every other one.

The rule treats all data as one variable that every op writes, so push
order is kept and no hazard is ever broken, but nothing overlaps either.
check_overlap must catch it.
"""

from asynclab.engine import WRITE, EngineBase

CAUGHT_BY = ("check_overlap",)


class StudentEngine(EngineBase):
    def __init__(self, num_workers=2, naive=False):
        super().__init__(num_workers, naive)
        self.everything = self.new_var("everything")

    def _on_push(self, op):
        self.everything.queue.append((op, WRITE))
        self._dispatch(self.everything)

    def _dispatch(self, var):
        if var.writing or not var.queue:
            return
        op, _ = var.queue.popleft()
        var.writing = True
        for _ in op.reads + op.mutates:     # every grant at once: the op holds "the lock"
            self._grant(op)

    def _on_complete(self, op):
        self.everything.writing = False
        self._dispatch(self.everything)
