"""Lesson 04's helpers: the training experiment, each epoch in a fresh process if asked.

The experiment itself (model, loaders, one measured epoch, the memory
probe) lives in :mod:`asynclab.foundation.workloads.mlp` and the allocator calls in
:mod:`asynclab.foundation.workloads.native`; this module re-exports the names the
notebooks use and adds what only the lesson needs:

- :func:`run_isolated` runs one epoch in a fresh Python process, so that
  memory freed by one experiment cannot be reused by the next (seconds and
  MB, as a :class:`TrainResult`);
- :func:`sync_every_sweep` runs one epoch per value of ``sync_every``, all
  in one fresh process, with freed memory handed back before each.

Lesson layer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict

from asynclab.foundation.backends.fresh import FreshProcessError, run_program
from asynclab.foundation.workloads.mlp import (
    HALF,
    LAB,
    LOADERS,
    SEED,
    DeviceLoader,
    HostLoader,
    IncompleteEpoch,
    Loop,
    MLPConfig,
    TrainResult,
    as_number,
    check_sync_every,
    loss_values,
    make_loader,
    make_mlp,
    peak_probe,
    require_full_epoch,
    run_epoch,
    sync_label,
    train_epoch,
    train_loop,
)
from asynclab.foundation.workloads.native import EXACT_ENV, EXACT_THRESHOLD, map_large_allocations, release_free_memory

__all__ = [
    "MLPConfig",
    "SEED",
    "HALF",
    "LAB",
    "make_mlp",
    "HostLoader",
    "DeviceLoader",
    "LOADERS",
    "make_loader",
    "TrainResult",
    "sync_label",
    "train_loop",
    "Loop",
    "as_number",
    "loss_values",
    "run_epoch",
    "train_epoch",
    "IncompleteEpoch",
    "require_full_epoch",
    "peak_probe",
    "release_free_memory",
    "map_large_allocations",
    "EXACT_THRESHOLD",
    "EXACT_ENV",
    "IsolatedRunError",
    "run_isolated",
    "sync_every_sweep",
]


def _epochs_child(args: dict) -> list[dict]:
    """In a fresh process (:func:`run_isolated`, :func:`sync_every_sweep`): one epoch per value of ``sync_every``.

    ``args`` holds the ``config`` (:class:`MLPConfig` as a dict), the
    ``sync_every`` values in order, the ``loader``, the sampling
    ``interval`` (seconds) and ``track``. Returns each
    :class:`TrainResult` as :meth:`TrainResult.to_dict` writes it.
    """
    from asynclab.foundation.workloads import mlp

    config = mlp.MLPConfig(**args["config"])
    results = [
        mlp.train_epoch(config, k, loader=args["loader"], interval=args["interval"], track=args["track"])
        for k in args["sync_every"]
    ]
    return [result.to_dict() for result in results]


class IsolatedRunError(FreshProcessError):
    """The epoch failed, timed out or gave no result in its fresh process."""


def _run_fresh_epochs(
    config: MLPConfig,
    ks: Sequence[int | None],
    *,
    loader: str,
    exact: bool,
    interval: float,
    timeout: float,
    env: dict[str, str] | None,
    track: bool,
) -> list[TrainResult]:
    for k in ks:
        check_sync_every(k)
    if loader not in LOADERS:
        raise ValueError(f"unknown loader {loader!r}; choose 'host' or 'device'.")
    args = {"config": asdict(config), "sync_every": list(ks), "loader": loader, "interval": interval, "track": track}
    full_env = dict(EXACT_ENV) if exact else {}
    full_env.update(env or {})
    what = "the epoch" if len(ks) == 1 else "the epochs"
    run = run_program(
        f"{__name__}:_epochs_child", payload=args, env=full_env, timeout=timeout, what=what, error=IsolatedRunError
    )
    return [TrainResult.from_dict(data) for data in run.result]


def run_isolated(
    config: MLPConfig = MLPConfig(),
    sync_every: int | None = None,
    *,
    loader: str = "host",
    exact: bool = False,
    interval: float = 0.005,
    timeout: float = 120.0,
    env: dict[str, str] | None = None,
    track: bool = False,
) -> TrainResult:
    """:func:`train_epoch` in a fresh Python process.

    Nothing one experiment allocated or freed can then help or hurt the
    next: each starts from a process that has never trained. ``exact=True``
    starts it with glibc's ``MALLOC_MMAP_THRESHOLD_`` set (see
    :func:`map_large_allocations`); ``track=True`` records when each batch
    was issued and computed. ``interval`` and ``timeout`` are seconds.
    """
    return _run_fresh_epochs(
        config, [sync_every], loader=loader, exact=exact, interval=interval, timeout=timeout, env=env, track=track
    )[0]


def sync_every_sweep(
    ks: Sequence[int | None],
    config: MLPConfig = MLPConfig(),
    *,
    loader: str = "host",
    isolated: bool = True,
    exact: bool = False,
    interval: float = 0.005,
    timeout: float = 300.0,
    env: dict[str, str] | None = None,
    track: bool = False,
    model=None,
) -> dict[int | None, TrainResult]:
    """One epoch per value of ``sync_every``, in that order.

    ``isolated=True`` (the default) runs them one after another in one fresh
    process, freed memory handed back before each epoch (as
    :func:`train_epoch` does); otherwise in this process, on ``model`` if
    given. ``timeout`` is seconds for the whole sweep.
    """
    if not isolated:
        return {k: train_epoch(config, k, loader=loader, interval=interval, track=track, model=model) for k in ks}
    if model is not None:
        raise ValueError("a model cannot be sent to a fresh process; pass isolated=False to train it here.")
    results = _run_fresh_epochs(
        config, list(ks), loader=loader, exact=exact, interval=interval, timeout=timeout, env=env, track=track
    )
    return dict(zip(ks, results))
