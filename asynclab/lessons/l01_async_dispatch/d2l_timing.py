"""Lesson 01: d2l's own stopwatch, ``d2l.Timer``, around an MXNet product, with and without a wait inside.

``from d2l import mxnet as d2l`` gives the book's ``Timer`` (``start()``,
``stop()``, its list ``times``), which reads ``time.time``. Stopped right
after ``nd.dot(x, x)`` it records how long the front end took to queue the
product; stopped after ``y.wait_to_read()`` it records the product itself.
Seconds throughout.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from asynclab.foundation.timing import Samples, summarize

__all__ = ["D2lTimes", "time_dot_with_d2l_timer"]


@dataclass(frozen=True)
class D2lTimes:
    """What two ``d2l.Timer`` objects recorded, in seconds, one entry per round.

    ``unwaited``: the timer stopped right after ``y = nd.dot(x, x)``;
    ``waited``: stopped after ``y.wait_to_read()``, inside the timed block.
    """

    unwaited: Samples
    waited: Samples

    @property
    def ratio(self) -> float:
        """Median waited time over median unwaited time (a pure number)."""
        return self.waited.median / self.unwaited.median if self.unwaited.median > 0 else float("inf")


def time_dot_with_d2l_timer(x: Any, rounds: int = 10) -> D2lTimes:
    """Time ``nd.dot(x, x)`` with ``d2l.Timer``, ``rounds`` times each way, the two ways interleaved.

    ``x`` is an MXNet ``nd`` array; every round starts with an empty queue
    (``nd.waitall()``), so an unwaited product never lands in the next
    timed block. Returns :class:`D2lTimes` (seconds).
    """
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise ValueError(f"rounds must be a positive whole number, got {rounds!r}.")
    from d2l import mxnet as d2l
    from mxnet import nd

    unwaited, waited = d2l.Timer(), d2l.Timer()
    for _ in range(rounds):
        nd.waitall()
        unwaited.start()
        y = nd.dot(x, x)
        unwaited.stop()
        nd.waitall()
        waited.start()
        y = nd.dot(x, x)
        y.wait_to_read()
        waited.stop()
    return D2lTimes(summarize(unwaited.times), summarize(waited.times))
