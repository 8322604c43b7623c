"""One FAIL line, not a traceback, when a check cell names what the student has not defined yet.

A locked check cell such as ``lab01.check_predict_blocking(PREDICTED)``
raises ``NameError`` before its check starts when the exercise cell above it
has not run, or still holds its stub. Inside IPython, importing
:mod:`asynclab.checks` installs a handler for ``NameError`` that shows, for a
check cell only, one line::

    FAIL [predict-blocking] PREDICTED is not defined yet: run the exercise cell above ...

Any other cell's ``NameError`` shows IPython's usual traceback. The cell
still ends in an error, so the grader, nbgrader and nbval see it fail.
"""

from __future__ import annotations

import re
import sys
from typing import Any

__all__ = ["check_name", "message", "install"]

_CHECK_CALL = re.compile(r"\blab\d\d\.check_(\w+)\(")
_MARK = "_asynclab_check_name_errors"


def check_name(source: str) -> str | None:
    """The check a locked check cell runs (``predict-blocking``), or None for any other cell."""
    if not source.lstrip().startswith("# Check (locked)"):
        return None
    match = _CHECK_CALL.search(source)
    return match.group(1).replace("_", "-") if match else None


def message(check: str, error: NameError) -> str:
    """The FAIL line for ``error`` raised in the cell of ``check``."""
    missing = getattr(error, "name", None) or str(error)
    return (
        f"FAIL [{check}] {missing} is not defined yet: run the exercise cell above this check first, "
        f"and make it define {missing}"
    )


def _handler(shell: Any, etype: type, value: BaseException, tb: Any, tb_offset: int | None = None) -> list[str]:
    # IPython discards what a custom handler returns (run_code calls it and moves on): show it here.
    history = shell.user_ns.get("In") or [""]
    check = check_name(history[-1] if isinstance(history[-1], str) else "")
    if check is None or not isinstance(value, NameError):
        shell.showtraceback((etype, value, tb), tb_offset=tb_offset)
        return []
    stb = [message(check, value)]
    shell._showtraceback(etype, value, stb)
    return stb


def install() -> bool:
    """Install the handler in the running IPython shell, once; False outside IPython."""
    ipython = sys.modules.get("IPython")  # not imported: not running in IPython
    if ipython is None:
        return False
    shell = ipython.get_ipython()
    if shell is None or not hasattr(shell, "set_custom_exc"):
        return False
    if not getattr(shell, _MARK, False):
        shell.set_custom_exc((NameError,), _handler)
        setattr(shell, _MARK, True)
    return True
