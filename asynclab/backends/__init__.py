"""Per-framework back-end operations: synchronize, move to host, list devices.

Each framework lives in its own submodule (``asynclab.backends.mxnet``,
``.numpy``, ``.torch``, ``.mindspore``) and is imported only when asked for, so a machine
without a framework can still use the rest of the engine.
"""

from __future__ import annotations

import importlib
from types import ModuleType

FRAMEWORKS = ("mxnet", "numpy", "torch", "mindspore")


def get(framework: str) -> ModuleType:
    """The backend module for ``framework`` (one of :data:`FRAMEWORKS`)."""
    if framework not in FRAMEWORKS:
        raise ValueError(f"unknown framework {framework!r}; choose one of {', '.join(FRAMEWORKS)}.")
    return importlib.import_module(f"asynclab.backends.{framework}")
