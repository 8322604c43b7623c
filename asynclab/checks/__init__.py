"""Autograded checks.

:mod:`asynclab.checks.core` holds the declaration of a check (:class:`Check`)
and the one runner that turns probes into a verdict;
:mod:`asynclab.checks.relations` the relationships a check can declare and
their decision maths. The modules ``lab01``, ``lab02``, ... declare each
lab's checks and the probes that call the student's code; each public
``check_*`` function is the single call of one locked check cell. Importing
this package imports no framework and no plotting library.
"""

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

from asynclab.checks import cell_errors

LABS = ("01", "02", "03", "04", "05", "06", "07", "08")

cell_errors.install()      # in IPython: a check cell's NameError reads as one FAIL line

__all__ = [
    "DEFAULT_PROTOCOL", "MIME_TYPE", "Check", "CheckFailed", "CheckResult", "Outcome", "Protocol",
    "Rejected", "declared", "LABS", "lab_checks",
]


def lab_checks(lab: str) -> dict:
    """The declared checks of lab ``lab`` ("01", ...), by name, in declaration order."""
    import importlib

    if lab not in LABS:
        raise ValueError(f"there is no lab {lab!r}; the labs are {', '.join(LABS)}.")
    return declared(importlib.import_module(f"asynclab.checks.lab{lab}"))
