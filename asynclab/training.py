"""Lesson 04's helpers: the training experiment, each epoch in a fresh process if asked.

The experiment itself (model, loaders, one measured epoch, the memory
probe) lives in :mod:`asynclab.workloads.mlp` and the allocator calls in
:mod:`asynclab.workloads.native`; this module re-exports the names the
notebooks use and adds what only the lesson needs:

- :func:`run_isolated` runs one epoch in a fresh Python process, so that
  memory freed by one experiment cannot be reused by the next (seconds and
  MB, as a :class:`TrainResult`);
- :func:`sync_every_sweep` runs one epoch per value of ``sync_every``.

Lesson layer.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Callable, Sequence

from asynclab.backends.fresh import FreshProcessError, run_fresh
from asynclab.workloads.mlp import (HALF, LAB, LOADERS, SEED, DeviceLoader, HostLoader, IncompleteEpoch, Loop,
                                    MLPConfig, TrainResult, as_number, check_sync_every, loss_values, make_loader,
                                    make_mlp, peak_probe, require_full_epoch, run_epoch, sync_label, train_epoch,
                                    train_loop)
from asynclab.workloads.native import EXACT_ENV, EXACT_THRESHOLD, map_large_allocations, release_free_memory

__all__ = ["MLPConfig", "SEED", "HALF", "LAB", "make_mlp", "HostLoader", "DeviceLoader", "LOADERS", "make_loader",
           "TrainResult", "sync_label", "train_loop", "Loop", "as_number", "loss_values", "run_epoch",
           "train_epoch", "IncompleteEpoch", "require_full_epoch", "peak_probe", "release_free_memory",
           "map_large_allocations", "EXACT_THRESHOLD", "EXACT_ENV", "IsolatedRunError", "run_isolated",
           "sync_every_sweep"]

_CHILD = """
from asynclab.backends import fresh
from asynclab.workloads import mlp
args = fresh.payload()
config = mlp.MLPConfig(**args["config"])
result = mlp.train_epoch(config, args["sync_every"], loader=args["loader"], interval=args["interval"])
fresh.emit(result.to_dict())
"""


class IsolatedRunError(FreshProcessError):
    """The epoch failed, timed out or gave no result in its fresh process."""


def run_isolated(config: MLPConfig = MLPConfig(), sync_every: int | None = None, *,
                 loader: str = "host", exact: bool = False, interval: float = 0.005,
                 timeout: float = 120.0, env: dict[str, str] | None = None) -> TrainResult:
    """:func:`train_epoch` in a fresh Python process.

    Nothing one experiment allocated or freed can then help or hurt the
    next: each starts from a process that has never trained. ``exact=True``
    starts it with glibc's ``MALLOC_MMAP_THRESHOLD_`` set (see
    :func:`map_large_allocations`). ``interval`` and ``timeout`` are seconds.
    """
    check_sync_every(sync_every)
    if loader not in LOADERS:
        raise ValueError(f"unknown loader {loader!r}; choose 'host' or 'device'.")
    args = {"config": asdict(config), "sync_every": sync_every, "loader": loader, "interval": interval}
    full_env = dict(EXACT_ENV) if exact else {}
    full_env.update(env or {})
    run = run_fresh(_CHILD, payload=args, env=full_env, timeout=timeout, what="the epoch",
                    error=IsolatedRunError)
    return TrainResult.from_dict(run.result)


def sync_every_sweep(ks: Sequence[int | None], config: MLPConfig = MLPConfig(), *, loader: str = "host",
                     isolated: bool = True, **kwargs) -> dict[int | None, TrainResult]:
    """One epoch per value of ``sync_every``, each in a fresh process by default."""
    run: Callable[..., TrainResult] = run_isolated if isolated else train_epoch
    return {k: run(config, k, loader=loader, **kwargs) for k in ks}
