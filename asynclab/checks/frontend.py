"""Work of the front end that a check hands an answer: a calling thread kept busy for a set time.

The clock is the one taken when this module is imported, before any answer ran: an answer that swaps
``time.perf_counter`` for its own cannot change how long the work lasts.
"""

from __future__ import annotations

import time

__all__ = ["keep_busy"]

_clock = time.perf_counter


def keep_busy(seconds: float) -> None:
    """Keep the calling thread busy in Python for ``seconds`` (s) or a little more, without an operator of
    MXNet. No sleep: a sleep would let an answer count the time asleep and take it off."""
    end = _clock() + seconds
    while _clock() < end:
        pass
