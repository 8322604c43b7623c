"""MXNet: synchronization points, devices, and snippets under another engine.

Works with the legacy ``mx.nd.NDArray`` and with ``mx.np.ndarray`` alike.
MXNet reads ``MXNET_ENGINE_TYPE`` once, when the library loads, so a
different engine needs a fresh process: :func:`run_with_engine` (built on
:func:`asynclab.backends.fresh.run_fresh`). Seconds throughout.
"""

from __future__ import annotations

from dataclasses import dataclass
from statistics import median
from typing import Any, Mapping

from asynclab.backends.fresh import FreshProcessError, run_fresh

NAME = "mxnet"
ASYNC = True
ENGINE_TYPES = ("NaiveEngine", "ThreadedEngine", "ThreadedEnginePerDevice")
DEFAULT_ENGINE = "ThreadedEnginePerDevice"


def _mx():
    import mxnet

    return mxnet


def sync(array: Any) -> None:
    """Block until ``array`` (or every array in a list/tuple) is computed."""
    if isinstance(array, (list, tuple)):
        for item in array:
            sync(item)
        return
    if not hasattr(array, "wait_to_read"):
        raise TypeError(f"expected an MXNet array, got {type(array).__name__}.")
    array.wait_to_read()


def sync_all() -> None:
    """Block until every pending operation on every device has finished."""
    _mx().nd.waitall()


def to_host(array: Any):
    """Copy to a NumPy array (a synchronization point)."""
    return array.asnumpy()


def num_gpus() -> int:
    """GPUs MXNet can use; 0 on a CPU-only build or machine."""
    try:
        return int(_mx().context.num_gpus())
    except Exception:  # a CPU-only build may refuse to ask CUDA at all
        return 0


def devices() -> list:
    """Every GPU, or ``[mx.cpu()]`` when there is none. Never empty."""
    mx = _mx()
    return [mx.gpu(i) for i in range(num_gpus())] or [mx.cpu()]


def cpu_contexts(n: int = 2) -> list:
    """``n`` CPU contexts; MXNet gives each its own worker thread."""
    if n < 1:
        raise ValueError(f"n must be at least 1, got {n}.")
    mx = _mx()
    return [mx.cpu(i) for i in range(n)]


@dataclass(frozen=True)
class EngineRun:
    """Figures measured by a snippet run under ``engine_type``.

    ``records`` are ``(label, seconds)`` pairs, one per finished
    :class:`asynclab.timing.Benchmark`, in the order they finished.
    """

    engine_type: str
    records: tuple[tuple[str, float], ...]
    stdout: str

    @property
    def labels(self) -> list[str]:
        seen: list[str] = []
        for label, _ in self.records:
            if label not in seen:
                seen.append(label)
        return seen

    def samples(self, label: str) -> list[float]:
        """Every figure recorded under ``label`` (seconds)."""
        values = [s for lab, s in self.records if lab == label]
        if not values:
            raise KeyError(f"the snippet measured no Benchmark labelled {label!r}; "
                           f"it measured {self.labels or 'nothing'}.")
        return values

    def __getitem__(self, label: str) -> float:
        """Median seconds recorded under ``label``."""
        return median(self.samples(label))


class SnippetError(FreshProcessError):
    """The snippet failed, timed out or measured nothing in its fresh process."""


def engine_env(engine_type: str, env: Mapping[str, str] | None = None) -> dict[str, str]:
    """``env`` plus ``MXNET_ENGINE_TYPE=engine_type``, after checking the engine type."""
    if engine_type not in ENGINE_TYPES:
        raise ValueError(f"unknown engine type {engine_type!r}; MXNet knows {', '.join(ENGINE_TYPES)}.")
    return {**(env or {}), "MXNET_ENGINE_TYPE": engine_type}


_RUNNER = """
from asynclab import timing
from asynclab.backends import fresh
records = []
timing.add_listener(lambda label, seconds: records.append([label, seconds]))
exec(compile(fresh.payload(), "<snippet>", "exec"), {"__name__": "__main__"})
import mxnet
mxnet.nd.waitall()
fresh.emit(records)
"""


def run_with_engine(code: str, engine_type: str = "NaiveEngine", timeout: float = 120.0,
                    env: dict[str, str] | None = None) -> EngineRun:
    """Run ``code`` in a fresh Python process with ``MXNET_ENGINE_TYPE=engine_type``.

    Time things in the snippet with ``asynclab.timing.Benchmark(label)``; every
    finished benchmark comes back in :class:`EngineRun` (seconds). ``timeout``
    is in seconds; a failure raises :class:`SnippetError`.
    """
    if not isinstance(code, str):
        raise TypeError(f"code must be a string of Python source, not {type(code).__name__}.")
    run = run_fresh(_RUNNER, payload=code, env=engine_env(engine_type, env), timeout=timeout,
                    what=f"the snippet under {engine_type}", error=SnippetError)
    records = tuple((str(label), float(s)) for label, s in run.result)
    return EngineRun(engine_type=engine_type, records=records, stdout=run.stdout)
