"""The hidden code the grader runs in the kernel, and how to read its answer.

The code itself lives in :mod:`asynclab.grading._kernel_guard` (real Python,
so it is linted and readable); this module wraps its source text in one
function, so that no name lands in the student's namespace, and checks the
confirmation each run publishes (a display message of type
:data:`GUARD_MIME` carrying the nonce the grader sent). A guard whose
confirmation is missing did not run as sent.
"""

from __future__ import annotations

import secrets
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

from asynclab.grading import _kernel_guard

GUARD_MIME = _kernel_guard.GUARD_MIME
_WRAPPER = "__asynclab_grader_guard"


def _source() -> str:
    return Path(_kernel_guard.__file__).read_text(encoding="utf-8")


def _wrap(call: str) -> str:
    body = textwrap.indent(_source(), "    ")
    return f"def {_WRAPPER}():\n{body}\n    {call}\ntry:\n    {_WRAPPER}()\nfinally:\n    del {_WRAPPER}\n"


def new_secret() -> str:
    """A random token or nonce, unguessable by student code run earlier."""
    return secrets.token_hex(16)


def startup_code(stash_name: str, package_root: Path, nonce: str) -> str:
    """Code run once per kernel start, before any student code."""
    return _wrap(f"startup({stash_name!r}, {str(package_root)!r}, {nonce!r})")


def check_guard_code(stash_name: str, token: str, nonce: str) -> str:
    """Code run right before a check cell."""
    return _wrap(f"guard({stash_name!r}, {token!r}, {nonce!r})")


@dataclass
class GuardReport:
    """What one guard run said: whether it ran as sent and what it undid."""

    ran: bool
    problem: str = ""
    found: list[str] = field(default_factory=list)
    threads: list[str] = field(default_factory=list)
    core_file: str = ""


def read_report(outputs: list, nonce: str, error: str = "") -> GuardReport:
    """The confirmation among a guard cell's outputs, checked against ``nonce``."""
    answers = [
        o["data"][GUARD_MIME]
        for o in outputs
        if o.get("output_type") == "display_data" and GUARD_MIME in o.get("data", {})
    ]
    good = [a for a in answers if isinstance(a, dict) and a.get("nonce") == nonce]
    if error and not good:
        return GuardReport(False, f"the grader's guard failed ({error})")
    if len(good) != 1 or len(answers) != 1:
        return GuardReport(False, "the grader's guard did not run as sent")
    answer = good[0]
    return GuardReport(
        True,
        "",
        [str(x) for x in answer.get("found", [])],
        [str(x) for x in answer.get("threads", [])],
        str(answer.get("core_file", "")),
    )
