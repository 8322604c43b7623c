"""The child of :func:`asynclab.foundation.backends.fresh.run_program`.

``python -m asynclab.foundation.backends.child package.module:function``
imports the module, calls the function with the payload read from stdin and
hands its return value back (:func:`~asynclab.foundation.backends.fresh.emit`).
The compute budget comes first (:func:`asynclab.foundation.budget.apply`: the
variables stay as the parent passed them). Nothing imports this module; it
only runs as a program.
"""

from __future__ import annotations

import importlib
import sys

from asynclab.foundation import budget
from asynclab.foundation.backends import fresh


def main(argv: list[str]) -> int:
    budget.apply()  # before the program imports MXNet, PyTorch or NumPy
    if len(argv) != 1:
        print("usage: python -m asynclab.foundation.backends.child package.module:function", file=sys.stderr)
        return 2
    module, _, function = argv[0].partition(":")
    program = getattr(importlib.import_module(module), function)
    fresh.emit(program(fresh.payload()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
