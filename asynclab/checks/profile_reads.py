"""Whether code waited for a program's work before it stopped or read MXNet's profiler, seen where MXNet's C
library is called.

MXNet's profiler records an operator when the back end runs it, so a profile stopped (``set_state("stop")``,
``pause()``) or read (``dumps()``, ``dump()``) while a program's operators are still queued lacks them. The
only wait that covers everything a program issued, when the caller holds none of its arrays, is
``nd.waitall()`` (``MXNDArrayWaitAll``, which ``mx.npx.waitall`` calls too); a fixed ``time.sleep`` is a guess
that the back end is done by then. :func:`watched_profile` puts noting wrappers on those C functions of
MXNet's library object, and a check wraps the program it hands over (:meth:`ProfileWatch.wrap`) so that each
return of the program is noted too: a stop or read of the profiler after a return with no ``waitall`` in
between is an unwaited read. The functions are looked up on the library object at each call, so a reference
to ``nd.waitall`` or ``profiler.dumps`` taken before the block is watched as well.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["ProfileWatch", "watched_profile"]

_WAIT_ALL = "MXNDArrayWaitAll"
_STATE, _PAUSE = "MXSetProcessProfilerState", "MXProcessProfilePause"
_READS = {"MXDumpProcessProfile": "profiler.dump()", "MXAggregateProfileStatsPrintEx": "profiler.dumps()"}


def _int(value: Any) -> int:
    """A C int argument as Python passes it: a ``ctypes.c_int`` or an int."""
    return int(getattr(value, "value", value))


@dataclasses.dataclass
class ProfileWatch:
    """What happened within a :func:`watched_profile` block, in order: ``"returned"`` (the wrapped program
    returned), ``"waitall"``, and the profiler's stops and reads by what the caller called
    (``'profiler.set_state("stop")'``, ``"profiler.pause()"``, ``"profiler.dump()"``, ``"profiler.dumps()"``)."""

    events: list[str] = dataclasses.field(default_factory=list)

    def wrap(self, program: Callable[[], Any]) -> Callable[[], Any]:
        """``program``, noting each time it returns."""

        @functools.wraps(program)
        def watched() -> Any:
            result = program()
            self.events.append("returned")
            return result

        return watched

    @property
    def unwaited(self) -> list[str]:
        """The profiler's stops and reads made after the program returned and before a ``waitall``."""
        found, pending = [], False
        for event in self.events:
            if event == "returned":
                pending = True
            elif event == "waitall":
                pending = False
            elif pending:
                found.append(event)
        return found


@contextlib.contextmanager
def watched_profile() -> Iterator[ProfileWatch]:
    """Within the block, note every ``waitall`` and every stop and read of MXNet's profiler, on any thread
    (:class:`ProfileWatch`). The C functions are put back when the block ends, even when it raises."""
    from mxnet.base import _LIB

    names = (_WAIT_ALL, _STATE, _PAUSE, *_READS)
    kept = {name: getattr(_LIB, name) for name in names}
    watch = ProfileWatch()

    def noting(name: str) -> Callable[..., Any]:
        real = kept[name]

        def call(*args: Any) -> Any:
            if name == _WAIT_ALL:
                result = real(*args)  # noted once done: the wait is over only when it returns
                watch.events.append("waitall")
                return result
            if name == _STATE and args and _int(args[0]) == 0:
                watch.events.append('profiler.set_state("stop")')
            elif name == _PAUSE and args and _int(args[0]) == 1:
                watch.events.append("profiler.pause()")
            elif name in _READS:
                watch.events.append(_READS[name])
            return real(*args)

        return call

    for name in names:
        setattr(_LIB, name, noting(name))
    try:
        yield watch
    finally:
        for name, real in kept.items():
            setattr(_LIB, name, real)
