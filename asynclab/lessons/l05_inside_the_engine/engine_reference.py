"""The course's dependency rule on :class:`asynclab.foundation.engine.EngineBase`: lab 05's answer key.

The lessons' demonstrations and the grader run on :class:`Engine`; students
write their own rule in lab 05, and :mod:`asynclab.lessons.l05_inside_the_engine.checks` refuses an
engine built on this one, borrowing its methods or copying them.
"""

from __future__ import annotations

from asynclab.foundation.engine import READ, WRITE, EngineBase, Op, Var

__all__ = ["Engine", "RULE_METHODS"]

#: The methods that make up the dependency rule.
RULE_METHODS = ("_on_push", "_dispatch", "_on_complete")


class Engine(EngineBase):
    """The dependency engine: :class:`EngineBase` plus the dependency rule.

    >>> with Engine(num_workers=2) as engine:
    ...     a, b = engine.new_var("a"), engine.new_var("b")
    ...     data = {"a": 1}
    ...     engine.push(lambda: data.update(b=data["a"] + 1), reads=[a], mutates=[b])
    ...     engine.wait_for_var(b)
    >>> data["b"]
    2
    """

    def _on_push(self, op: Op) -> None:
        """Append one entry per variable to its queue, then grant what may start."""
        for var in op.reads:
            var.queue.append((op, READ))
        for var in op.mutates:
            var.queue.append((op, WRITE))
        for var in op.reads + op.mutates:
            self._dispatch(var)

    def _dispatch(self, var: Var) -> None:
        """Grant entries at the head of ``var``'s queue while the rule allows.

        Reads start while no write runs; a write starts when nothing runs.
        Nothing overtakes the head, so the order of pushes is kept.
        """
        waiting = var.queue
        while waiting:
            op, is_write = waiting[0]
            if is_write:
                if var.writing or var.running_reads > 0:
                    return
                waiting.popleft()
                var.writing = True
                self._grant(op)
                return  # a running write blocks everything behind it
            if var.writing:
                return
            waiting.popleft()
            var.running_reads += 1
            self._grant(op)

    def _on_complete(self, op: Op) -> None:
        """Release ``op``'s reads and writes; each released variable may grant more."""
        for var in op.reads:
            var.running_reads -= 1
            if var.running_reads == 0:
                self._dispatch(var)
        for var in op.mutates:
            var.writing = False
            self._dispatch(var)
