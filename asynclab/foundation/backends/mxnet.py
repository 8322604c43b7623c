"""MXNet: synchronization points, devices, and snippets under another engine.

Works with the legacy ``mx.nd.NDArray`` and with ``mx.np.ndarray`` alike.
MXNet reads ``MXNET_ENGINE_TYPE`` once, when it creates its engine at the
first operation of a process (importing ``mxnet`` does not), so a
different engine needs a fresh process: :func:`run_with_engine` (built on
:func:`asynclab.foundation.backends.fresh.run_snippet`). Seconds throughout.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from asynclab.foundation.backends.fresh import SnippetError, SnippetRun, run_benchmarked, run_snippet

__all__ = [
    "sync",
    "sync_all",
    "to_host",
    "num_gpus",
    "devices",
    "cpu_contexts",
    "EngineRun",
    "SnippetError",
    "engine_env",
    "run_with_engine",
]

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
class EngineRun(SnippetRun):
    """A :class:`~asynclab.foundation.backends.fresh.SnippetRun` under one MXNet engine."""

    @property
    def engine_type(self) -> str:
        return self.env["MXNET_ENGINE_TYPE"]


def engine_env(engine_type: str, env: Mapping[str, str] | None = None) -> dict[str, str]:
    """``env`` plus ``MXNET_ENGINE_TYPE=engine_type``, after checking the engine type."""
    if engine_type not in ENGINE_TYPES:
        raise ValueError(f"unknown engine type {engine_type!r}; MXNet knows {', '.join(ENGINE_TYPES)}.")
    return {**(env or {}), "MXNET_ENGINE_TYPE": engine_type}


def run_with_engine(
    code: str,
    engine_type: str = "NaiveEngine",
    timeout: float = 120.0,
    env: dict[str, str] | None = None,
    names: dict[str, int | float | str] | None = None,
) -> EngineRun:
    """Run ``code`` in a fresh Python process with ``MXNET_ENGINE_TYPE=engine_type``.

    Time things in the snippet with ``asynclab.foundation.timing.Benchmark(label)``; every
    finished benchmark comes back in :class:`EngineRun` (seconds). ``names`` are
    global names the snippet starts with (``{"N": 1600}``). ``timeout``
    is in seconds; a failure raises :class:`SnippetError`.
    """
    full = engine_env(engine_type, env)
    run = run_snippet(
        code,
        env=full,
        timeout=timeout,
        what=f"the snippet under {engine_type}",
        epilogue="import mxnet\nmxnet.nd.waitall()\n",
        names=names,
    )
    return EngineRun(records=run.records, stdout=run.stdout, env={"MXNET_ENGINE_TYPE": engine_type})


def run_program_with_engine(
    target: str,
    engine_type: str = "NaiveEngine",
    *,
    payload: Any = None,
    timeout: float = 120.0,
    env: dict[str, str] | None = None,
) -> EngineRun:
    """Call the program ``target`` ("package.module:function") in a fresh process with ``MXNET_ENGINE_TYPE``.

    As :func:`run_with_engine`, for a program of the course rather than a
    snippet: its Benchmarks come back in the :class:`EngineRun` (seconds).
    """
    full = engine_env(engine_type, env)
    run = run_benchmarked(
        target,
        payload=payload,
        env=full,
        timeout=timeout,
        what=f"{target} under {engine_type}",
        epilogue="import mxnet\nmxnet.nd.waitall()\n",
    )
    return EngineRun(records=run.records, stdout=run.stdout, env={"MXNET_ENGINE_TYPE": engine_type})
