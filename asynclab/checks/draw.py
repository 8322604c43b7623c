"""Values drawn per run that a student's code cannot predict, even after ``random.seed()``.

Checks draw sizes, counts, delays and orders here: from the operating
system's randomness (:class:`random.SystemRandom`), never from the
``random`` module's shared generator, which an answer cell can seed or
replace.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

__all__ = ["choice", "randrange", "shuffle", "uniform"]

T = TypeVar("T")
_SYSTEM = random.SystemRandom()


def choice(values: Sequence[T]) -> T:
    """One of ``values``."""
    return _SYSTEM.choice(values)


def randrange(start: int, stop: int | None = None, step: int = 1) -> int:
    """An integer as :func:`random.randrange` draws it."""
    return _SYSTEM.randrange(start, stop, step)


def shuffle(values: MutableSequence) -> None:
    """Shuffle ``values`` in place."""
    _SYSTEM.shuffle(values)


def uniform(low: float, high: float) -> float:
    """A float between ``low`` and ``high``."""
    return _SYSTEM.uniform(low, high)
