"""What an answer writes to the notebook's output while a check calls it.

The writes are seen on the stream objects themselves (their ``write`` is replaced for the block), so a
reference to ``sys.stdout`` or ``sys.stderr`` an answer saved before the check, or a logging handler made
earlier, is seen as surely as ``print``. What is written is kept from the output: a check that calls an
answer a dozen times does not flood the notebook.
"""

from __future__ import annotations

import contextlib
import sys
import warnings
from collections.abc import Iterator

__all__ = ["written"]


@contextlib.contextmanager
def written() -> Iterator[list[str]]:
    """Collect, in the list it yields, every text that is not blank written to ``sys.stdout`` or ``sys.stderr``
    while the block runs, one item per ``write``. Python's warnings raised in the block are recorded, not
    written, so that a warning from a library is not counted as the answer's output."""
    texts: list[str] = []
    streams = list({id(s): s for s in (sys.stdout, sys.stderr) if s is not None}.values())  # one, if they are one
    saved: list[tuple[object, bool, object]] = []

    def counting(text: str) -> int:
        if isinstance(text, str) and text.strip():
            texts.append(text)
        return len(text) if isinstance(text, str) else 0

    for stream in streams:
        own = getattr(stream, "__dict__", {})
        had_own = "write" in own
        try:
            stream.write = counting  # type: ignore[method-assign]
        except (AttributeError, TypeError):  # a stream that takes no attributes: seen only if it is replaced
            continue
        saved.append((stream, had_own, own.get("write")))
    try:
        with warnings.catch_warnings(record=True):
            warnings.simplefilter("always")
            yield texts
    finally:
        for stream, had_own, own in saved:
            if had_own:
                stream.write = own  # type: ignore[method-assign]
            else:
                del stream.write
