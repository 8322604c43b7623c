"""NumPy: the synchronous baseline. Every operation has finished when it returns."""

from __future__ import annotations

from typing import Any

import numpy as np

NAME = "numpy"
ASYNC = False


def sync(array: Any) -> None:
    """Nothing to wait for: NumPy computes before it returns."""


def sync_all() -> None:
    """Nothing to wait for."""


def to_host(array: Any) -> np.ndarray:
    """The array itself, as a NumPy array."""
    return np.asarray(array)


def devices() -> list[str]:
    """NumPy runs on the host CPU only."""
    return ["cpu"]
