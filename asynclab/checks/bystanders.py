"""CPU time that the process's other Python threads and its child processes use while a block runs.

A check that times a reference of its own (a serial loop, say) beside an answer's run assumes that none of
the answer's work runs while the reference is timed. A thread the answer left running, or a process it
started, takes the CPU (and a thread the interpreter's lock) from the reference, and so makes the answer look
faster. :func:`bystanders` counts, from the operating system's per-thread and per-process accounts
(``psutil``), the CPU seconds used while the block ran by the Python threads that exist when it begins or
ends, the calling thread left out, and by every child process, recursively. The threads that MXNet, PyTorch
or OpenMP start are not Python threads and are not counted: the check's own work runs there.
"""

from __future__ import annotations

import contextlib
import dataclasses
import threading
import time
from collections.abc import Iterator

__all__ = ["Bystanders", "bystanders"]


@dataclasses.dataclass
class Bystanders:
    """What :func:`bystanders` counted: the block's wall time and the others' CPU time in it, seconds."""

    seconds: float = 0.0
    cpu_s: float = 0.0

    @property
    def share(self) -> float:
        """The others' CPU seconds per second of the block (1.0: one core kept busy all along)."""
        return self.cpu_s / self.seconds if self.seconds > 0 else 0.0


def _python_threads() -> set[int]:
    """The operating system's ids of the process's Python threads, the calling one left out."""
    me = threading.get_native_id()
    return {t.native_id for t in threading.enumerate() if t.native_id is not None and t.native_id != me}


def _cpu_seconds(threads: set[int]) -> dict[str, float]:
    """CPU seconds (user and system) so far of each of ``threads`` and of each child process."""
    import psutil

    process = psutil.Process()
    used = {f"thread {t.id}": t.user_time + t.system_time for t in process.threads() if t.id in threads}
    for child in process.children(recursive=True):
        with contextlib.suppress(psutil.Error):  # it may have ended in between
            times = child.cpu_times()
            used[f"process {child.pid}"] = times.user + times.system + times.children_user + times.children_system
    return used


@contextlib.contextmanager
def bystanders() -> Iterator[Bystanders]:
    """Count the CPU time the process's other Python threads and its child processes use in the block.

    Threads and processes that begin during the block count from their start; one that ends during it is
    not seen at the end, and what it used is lost (the count is a lower bound: a thread that spins and ends
    before the block does escapes it). The operating system counts in clock ticks (10 ms on Linux).
    """
    counted = Bystanders()
    threads = _python_threads()
    before = _cpu_seconds(threads)
    start = time.perf_counter()
    try:
        yield counted
    finally:
        counted.seconds = time.perf_counter() - start
        # only the threads that are Python threads at the end: an id that ended in the block may name another
        # thread by then (the operating system reuses ids), which would count that thread's whole time
        after = _cpu_seconds(_python_threads())
        counted.cpu_s = sum(max(0.0, used - before.get(name, 0.0)) for name, used in after.items())
