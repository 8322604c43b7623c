"""A memory limit on a kernel: a thread that sums the resident memory of the
kernel's process tree and kills the tree when it goes over the limit.

``RLIMIT_AS`` is not used: it limits *virtual* memory, and MXNet reserves
far more address space than it touches (importing it and running one
2000x2000 dot takes about 1.3 GB of virtual memory for about 0.2 GB
resident), so any useful address-space limit breaks correct code. Resident
memory, summed over the kernel and every process it started (the
NaiveEngine subprocesses of lab 01, multiprocessing workers), is what runs
a shared machine out of memory.

The sampler wakes every ``interval`` seconds; an allocation faster than
the limit divided by the interval can overshoot by one interval's growth
before it is stopped.
"""

from __future__ import annotations

import threading
import time

import psutil

from asynclab.foundation.memory import MB


def tree_rss(process: psutil.Process) -> int:
    """Resident bytes of a process and all its descendants (vanished ones count 0)."""
    total = 0
    try:
        members = [process] + process.children(recursive=True)
    except psutil.Error:
        return 0
    for member in members:
        try:
            total += member.memory_info().rss
        except psutil.Error:
            pass
    return total


def kill_tree(pid: int) -> None:
    """Kill a process and all its descendants, children first; ignore the gone."""
    try:
        root = psutil.Process(pid)
        members = root.children(recursive=True) + [root]
    except psutil.Error:
        return
    for member in members:
        try:
            member.kill()
        except psutil.Error:
            pass
    psutil.wait_procs(members, timeout=5)


class MemoryWatchdog:
    """Watch one process tree at a time; kill it when it exceeds ``limit_mb``."""

    def __init__(self, limit_mb: float, interval: float = 0.1) -> None:
        if limit_mb <= 0:
            raise ValueError(f"the memory limit must be positive, got {limit_mb} MB.")
        self.limit_mb = float(limit_mb)
        self.interval = interval
        self._lock = threading.Lock()
        self._process: psutil.Process | None = None
        self._stop = threading.Event()
        self.tripped_mb: float | None = None  # the tree's size when it was killed
        self.peak_mb = 0.0
        self._thread = threading.Thread(target=self._loop, name="asynclab-memory-watchdog", daemon=True)
        self._thread.start()

    def watch(self, pid: int) -> None:
        """Start watching ``pid`` (and forget any earlier trip)."""
        with self._lock:
            self._process = psutil.Process(pid)
            self.tripped_mb = None

    def unwatch(self) -> None:
        with self._lock:
            self._process = None

    def reset_peak(self) -> None:
        self.peak_mb = 0.0

    def take_trip(self) -> float | None:
        """The size at which the tree was killed since the last call, if it was."""
        with self._lock:
            tripped, self.tripped_mb = self.tripped_mb, None
            return tripped

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=2)

    def _loop(self) -> None:
        while not self._stop.wait(self.interval):
            with self._lock:
                process = self._process
            if process is None:
                continue
            used_mb = tree_rss(process) / MB
            self.peak_mb = max(self.peak_mb, used_mb)
            if used_mb > self.limit_mb:
                with self._lock:
                    if self._process is process:
                        self._process = None
                        self.tripped_mb = used_mb
                kill_tree(process.pid)


def _measure_sampling_cost(pid: int, rounds: int = 200) -> float:
    """Seconds one sample of a tree costs (used by the docs' figure)."""
    process = psutil.Process(pid)
    start = time.perf_counter()
    for _ in range(rounds):
        tree_rss(process)
    return (time.perf_counter() - start) / rounds
