"""Every operation starts at once: no queue, no rule.

Independent ops overlap, but a dependent op runs before the op it depends
on has finished. check_serialize and check_hazards must catch it.
"""

from asynclab.engine import EngineBase

CAUGHT_BY = ("check_serialize", "check_hazards")


class StudentEngine(EngineBase):
    def _on_push(self, op):
        for _ in op.reads + op.mutates:
            self._grant(op)

    def _dispatch(self, var):
        pass

    def _on_complete(self, op):
        pass
