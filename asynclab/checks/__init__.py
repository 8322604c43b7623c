"""Autograded checks.

:mod:`asynclab.checks.core` holds the declaration of a check (:class:`Check`)
and the one runner that turns probes into a verdict;
:mod:`asynclab.checks.relations` the relationships a check can declare and
their decision maths. Each lesson's home (:mod:`asynclab.lessons`) declares its
lab's checks in ``checks.py`` and the probes that call the student's code; each public
``check_*`` function is the single call of one locked check cell. Importing
this package imports no framework and no plotting library.
"""

from asynclab.checks import cell_errors
from asynclab.checks.core import (
    DEFAULT_PROTOCOL,
    MIME_TYPE,
    Check,
    CheckFailed,
    CheckResult,
    Outcome,
    Protocol,
    Rejected,
    declared,
)

cell_errors.install()  # in IPython: a check cell's NameError reads as one FAIL line

__all__ = [
    "DEFAULT_PROTOCOL",
    "MIME_TYPE",
    "Check",
    "CheckFailed",
    "CheckResult",
    "Outcome",
    "Protocol",
    "Rejected",
    "declared",
]
