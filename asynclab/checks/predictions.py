"""The gate every prediction step passes before anything is measured: an answer at once, a number.

A prediction is arithmetic on its arguments; a function that takes longer
than a limit, measures something instead, raises or returns no finite number
gets one sentence naming the call (:class:`~asynclab.checks.core.Rejected`).
Labs 03 and 10 use it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from asynclab.checks.core import Rejected


def answered(call: str, predict: Callable, args: tuple, unit: str, limit_s: float) -> float:
    """``predict(*args)`` as a finite number of ``unit``, answered within ``limit_s`` seconds.

    ``call`` is how the sentence of a :class:`Rejected` names the call (for
    example ``"predict_staleness((0.0200, 0.0600))"``).
    """
    from asynclab.foundation.workloads import as_number

    start = time.perf_counter()
    try:
        value = predict(*args)
    except Exception as error:
        raise Rejected(f"{call} raised {type(error).__name__}: {error}") from None
    took = time.perf_counter() - start
    number = as_number(value)
    if number is None or not math.isfinite(number):
        raise Rejected(f"{call} returned {value!r}, not a number of {unit}")
    if took > limit_s:
        raise Rejected(
            f"{call} took {took:.2f} s: a prediction is arithmetic on its arguments (it must return "
            f"within {limit_s:g} s), not a measurement"
        )
    return number
