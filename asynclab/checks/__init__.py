"""Autograded checks.

:mod:`asynclab.checks.core` holds the protocol and the generic relationships
(``faster``, ``about_equal``, ``larger``, ``at_most``, ``holds``); the modules
``lab01``, ``lab02``, ... hold the checks of each lab, each a single call that
a locked check cell makes. Importing this package imports no framework.
"""

from asynclab.checks.core import (
    DEFAULT_PROTOCOL,
    MIME_TYPE,
    CheckFailed,
    CheckResult,
    Protocol,
    about_equal,
    at_most,
    faster,
    holds,
    larger,
    run_rounds,
)

__all__ = [
    "DEFAULT_PROTOCOL", "MIME_TYPE", "CheckFailed", "CheckResult", "Protocol",
    "about_equal", "at_most", "faster", "holds", "larger", "run_rounds",
]
