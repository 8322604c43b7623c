"""Finishing a result: the sizes, thresholds and protocol of lab 08's finish check (lab 01 uses the sizes).

Lab 08 asks for a ``finish(y)`` that waits for a result in every framework,
and measures it so: finishing a
``SIZE`` x ``SIZE`` product takes at least ``QUEUE_FACTOR`` times as long as
enqueueing it, and on a smaller product (a size from ``SMALL_SIZES`` drawn
each run) at most ``FINISH_OVERSHOOT`` times that product's compute time.
"""

from __future__ import annotations

from asynclab.checks.core import Outcome, Protocol

__all__ = ["SIZE", "SMALL_SIZES", "QUEUE_FACTOR", "FINISH_OVERSHOOT"]

SIZE = 2000
SMALL_SIZES = (800, 900, 1000)  # drawn at random each run; 2000 takes >= 8x the compute of any
QUEUE_FACTOR = 10.0
FINISH_OVERSHOOT = 3.0  # finish on the small product: at most this times its compute time

_QUICK = Protocol(warmup=1, min_rounds=5, max_rounds=15, budget_s=25.0)


def _small(o: Outcome) -> int:
    """The small product's size, as the probe recorded it."""
    return int(o.median("small.size"))
