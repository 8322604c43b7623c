"""Per-framework back-end operations: synchronize, move to host, list devices.

Each framework lives in its own submodule (``asynclab.foundation.backends.mxnet``,
``.numpy``, ``.torch``, ``.mindspore``) and is imported only when asked for, so a machine
without a framework can still use the rest of the engine.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

FRAMEWORKS = ("mxnet", "numpy", "torch", "mindspore")


def get(framework: str) -> ModuleType:
    """The backend module for ``framework`` (one of :data:`FRAMEWORKS`)."""
    if framework not in FRAMEWORKS:
        raise ValueError(f"unknown framework {framework!r}; choose one of {', '.join(FRAMEWORKS)}.")
    return importlib.import_module(f"asynclab.foundation.backends.{framework}")


def flatten(value: Any, kind: type, what: str) -> list:
    """``value`` (one ``kind`` or nested lists/tuples of them) as a flat list; ``what`` names ``kind`` in the error."""
    if isinstance(value, (list, tuple)):
        return [item for part in value for item in flatten(part, kind, what)]
    if not isinstance(value, kind):
        raise TypeError(f"expected {what}, got {type(value).__name__}.")
    return [value]
