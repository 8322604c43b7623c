"""Load a script of ``bench/`` as a module for its tests (the scripts import each other from their folder)."""

from __future__ import annotations

import contextlib
import importlib.util
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "bench"


@contextlib.contextmanager
def loaded(name: str):
    """``bench/<name>.py`` as a module for the block; ``bench/`` on the path while it is loaded."""
    sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.modules.pop(name, None)
        sys.path.remove(str(BENCH))
