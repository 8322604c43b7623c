"""CPU-bound processes that keep cores busy while a block runs: the load of a measurement under load.

Each process is a busy loop that ends itself once the process that started it is gone, so a measurement
stopped by a signal (whose cleanup never ran) leaves no core busy behind it for the next one.
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
from collections.abc import Iterator

__all__ = ["busy_cores"]

#: the busy loop: it looks at its parent every million iterations (a few tens of milliseconds)
_LOOP = (
    "import os\nparent = os.getppid()\nwhile os.getppid() == parent:\n    for _ in range(1_000_000):\n        pass\n"
)


@contextlib.contextmanager
def busy_cores(count: int) -> Iterator[list[subprocess.Popen]]:
    """``count`` CPU-bound processes for the duration of the block, killed after it."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(f"count must be a whole number of processes, 0 or more, not {count!r}.")
    children = [
        subprocess.Popen([sys.executable, "-c", _LOOP], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(count)
    ]
    try:
        yield children
    finally:
        for child in children:
            child.kill()
            child.wait()
