"""The gates of the prediction steps.

A prediction function (labs 03 and 10) is arithmetic on its arguments: one
that takes longer than a limit, measures something instead, raises or returns
no finite number gets one sentence naming the call (:func:`answered`,
:class:`~asynclab.checks.core.Rejected`). A table of yes-or-no predictions
(labs 01, 07 and 09) is judged whole against what the check measures, and a
FAIL says neither how many missed nor which (:func:`yes_or_no`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence

from asynclab.checks.core import Rejected

#: What a table of predictions has no use for: clocks, samplers and threads time or watch a program, so a
#: table computed with one (in a check's ``measured_by``) measured instead of predicting.
CLOCKS = ("time", "timeit", "datetime", "resource", "psutil", "threading", "os", "signal", "tracemalloc", "sched")


def answered(call: str, predict: Callable, args: tuple, unit: str, limit_s: float) -> float:
    """``predict(*args)`` as a finite number of ``unit``, answered within ``limit_s`` seconds.

    ``call`` is how the sentence of a :class:`Rejected` names the call (for
    example ``"predict_staleness((0.0200, 0.0600))"``).
    """
    from asynclab.foundation.workloads import as_number

    start = time.perf_counter()
    try:
        value = predict(*args)
        number = as_number(value)  # within the time: a number of the answer's own kind may compute when read
    except Exception as error:
        raise Rejected(f"{call} raised {type(error).__name__}: {error}") from None
    took = time.perf_counter() - start
    if number is None or not math.isfinite(number):
        raise Rejected(f"{call} returned {value!r}, not a number of {unit}")
    if took > limit_s:
        raise Rejected(
            f"{call} took {took:.2f} s: a prediction is arithmetic on its arguments (it must return "
            f"within {limit_s:g} s), not a measurement"
        )
    return number


def plain(table: object) -> dict | None:
    """A plain copy of ``table`` if it is a dict or another mapping, each entry read once; else None.

    A prediction is judged on this copy: a dict of the answer's own kind could give one value when it is
    validated and another when it is compared (a ``__getitem__`` that changes its mind, a value whose
    ``!=`` always says equal).
    """
    if isinstance(table, dict):
        return dict(dict.items(table))
    if isinstance(table, Mapping):
        return dict(table.items())
    return None


def yes_or_no(
    predicted: object, keys: Sequence[str], entries: str, measure: Callable[[], Mapping[str, bool]], why: str
) -> tuple[bool, str]:
    """The verdict on ``predicted``, a dict of True or False for every one of ``keys``, against ``measure()``.

    ``entries`` says what the dict's entries are (``"call of lab01.CALLS, the call's text as key"``);
    ``measure`` runs only once the dict is well formed; ``why`` ends the FAIL sentence of a
    mismatch, which names neither how many predictions missed nor which (a count would let a
    student find the answer by rerunning the check).
    """
    predicted = plain(predicted)
    if predicted is None or set(predicted) != set(keys):
        return False, f"PREDICTED must be a dict with one entry per {entries}"
    bad = [key for key in keys if type(predicted[key]) is not bool]
    if bad:
        return False, f"each prediction must be True or False; {bad[0]!r} is {predicted[bad[0]]!r}"
    measured = measure()
    if any(predicted[key] != measured[key] for key in keys):
        return False, f"your predictions did not all match {why}"
    return True, ""
