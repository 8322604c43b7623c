"""What an answer writes to the notebook's output while a check calls it.

The writes are seen on the stream objects themselves (their ``write`` is replaced for the block), so a
reference to ``sys.stdout`` or ``sys.stderr`` an answer saved before the check, or a logging handler made
earlier, is seen as surely as ``print``; and at the process's descriptors 1 and 2 (each pointed at a file of
its own for the block), so that ``os.write(1, ...)`` or ``sys.__stdout__``, which a notebook's kernel shows
as the cell's output too, is seen as well. What is written is kept from the output: a check that calls an
answer a dozen times does not flood the notebook.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import warnings
from collections.abc import Iterator

__all__ = ["written"]

#: the process's descriptors of its standard output and error
DESCRIPTORS = (1, 2)


def _flush_originals() -> None:
    """Flush the interpreter's original streams, whose buffers reach descriptors 1 and 2 only when flushed."""
    for stream in (sys.__stdout__, sys.__stderr__):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):  # closed, or a descriptor that takes nothing
            pass


def _duplicate(fd: int) -> int:
    """A copy of descriptor ``fd`` numbered 3 or above, so that it never takes the place of a closed 1 or 2."""
    try:
        import fcntl
    except ImportError:  # Windows: os.dup, which may take a closed 1 or 2
        return os.dup(fd)
    return fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 3)


@contextlib.contextmanager
def _descriptors(texts: list[str]) -> Iterator[None]:
    """Point descriptors 1 and 2 at files of their own while the block runs, then put them back and add each
    line that is not blank written to them meanwhile to ``texts``."""
    _flush_originals()  # what was written before the block is not the block's
    held: list[tuple[int, int, object]] = []
    try:
        for fd in DESCRIPTORS:
            try:
                saved = _duplicate(fd)
            except OSError:  # no such descriptor in this process: nothing can be written to it
                continue
            sink = None
            try:
                sink = tempfile.TemporaryFile()
                os.dup2(sink.fileno(), fd)
            except OSError:
                os.close(saved)
                if sink is not None:
                    sink.close()
                raise
            held.append((fd, saved, sink))
        yield
    finally:
        _flush_originals()
        for fd, saved, sink in held:
            os.dup2(saved, fd)
            os.close(saved)
            sink.seek(0)
            text = sink.read().decode(errors="replace")
            sink.close()
            texts.extend(line for line in text.splitlines() if line.strip())


@contextlib.contextmanager
def written() -> Iterator[list[str]]:
    """Collect, in the list it yields, every text that is not blank written to ``sys.stdout`` or ``sys.stderr``
    while the block runs, one item per ``write``, and every line that is not blank written to descriptors 1
    and 2. Python's warnings raised in the block are recorded, not written, so that a warning from a library
    is not counted as the answer's output."""
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
        with _descriptors(texts), warnings.catch_warnings(record=True):
            warnings.simplefilter("always")
            yield texts
    finally:
        for stream, had_own, own in saved:
            if had_own:
                stream.write = own  # type: ignore[method-assign]
            else:
                del stream.write
