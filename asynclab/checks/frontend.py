"""Work of the front end that a check hands an answer: a calling thread kept busy for a set time.

The clock is the one taken when this module is imported, before any answer ran: an answer that swaps
``time.perf_counter`` for its own cannot change how long the work lasts.
"""

from __future__ import annotations

import time
from typing import Any

__all__ = ["keep_busy"]

_clock = time.perf_counter


def keep_busy(seconds: float, host: Any = None) -> None:
    """Keep the calling thread busy for ``seconds`` (s) or a little more, without an operator of MXNet: in
    Python, or multiplying the NumPy matrix ``host`` by itself (native code, as a wait in MXNet is). No
    sleep: a sleep would let an answer count the time asleep and take it off."""
    end = _clock() + seconds
    while _clock() < end:
        if host is not None:
            host @ host
