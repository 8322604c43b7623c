"""Resident memory of this process, read through psutil.

Figures are in megabytes (10**6 bytes). :class:`PeakMemory` samples in a
background thread, so a short spike between two Python statements is seen
even though nobody asked for the memory at that moment.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

import psutil

MB = 1_000_000


def rss_mb(pid: int | None = None) -> float:
    """Resident set size of process ``pid`` (default: this one) in MB."""
    return psutil.Process(pid).memory_info().rss / MB


@dataclass(frozen=True)
class MemoryTrace:
    """What a :class:`PeakMemory` saw.

    ``times`` are seconds since the sampler started; ``values`` are MB.
    """

    baseline: float
    peak: float
    end: float
    times: tuple[float, ...] = field(repr=False)
    values: tuple[float, ...] = field(repr=False)

    @property
    def increase(self) -> float:
        """Peak above baseline, MB."""
        return self.peak - self.baseline

    @property
    def retained(self) -> float:
        """End above baseline, MB."""
        return self.end - self.baseline

    def __str__(self) -> str:
        return (
            f"baseline {self.baseline:.1f} MB, peak {self.peak:.1f} MB (+{self.increase:.1f} MB), end {self.end:.1f} MB"
        )


class PeakMemory:
    """Sample this process's resident memory every ``interval`` seconds.

    >>> with PeakMemory() as pm:       # doctest: +SKIP
    ...     big = bytearray(200 * MB)
    >>> pm.trace.increase              # doctest: +SKIP
    200.4
    """

    def __init__(self, interval: float = 0.005, pid: int | None = None) -> None:
        if interval <= 0:
            raise ValueError(f"interval must be positive, got {interval}.")
        self.interval = interval
        self._proc = psutil.Process(pid)
        self._times: list[float] = []
        self._values: list[float] = []
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._t0 = 0.0
        self.trace: MemoryTrace | None = None

    def _sample(self) -> float:
        value = self._proc.memory_info().rss / MB
        self._times.append(time.perf_counter() - self._t0)
        self._values.append(value)
        return value

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            self._sample()

    def __enter__(self) -> PeakMemory:
        self._t0 = time.perf_counter()
        self._sample()
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="asynclab-peak-memory", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        self._sample()
        self.trace = MemoryTrace(
            baseline=self._values[0],
            peak=max(self._values),
            end=self._values[-1],
            times=tuple(self._times),
            values=tuple(self._values),
        )
