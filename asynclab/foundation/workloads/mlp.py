"""The multilayer-perceptron experiment: a model, two data loaders and one measured epoch.

A multilayer perceptron is trained on batches that a loader makes on the
host and copies into MXNet (``nd.array(numpy_array)``, as real loaders do).
Such a copy is synchronous: the batch occupies memory from the moment the
loader yields it. Without a synchronization point in the loop the Python
front end runs ahead of the back end, and every batch it is ahead waits in
memory; a synchronization every ``k`` batches bounds that backlog to about
``k`` batches. Batches drawn on the device (:class:`DeviceLoader`) are
allocated only when their operator runs, so a queued one costs no memory.

:func:`run_epoch` measures one epoch of any loop ``loop(net, trainer, loss,
batches)`` and returns a :class:`TrainResult`: seconds (front end and wall)
and a :class:`~asynclab.foundation.memory.MemoryTrace` in MB. It prints nothing.
:func:`peak_probe` turns that into a probe for the checks.

Foundation layer: MXNet is imported inside the functions.
"""

from __future__ import annotations

import decimal
import numbers
import queue
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass, field, replace
from typing import Any

import numpy as np

from asynclab.foundation.memory import MB, MemoryTrace, PeakMemory
from asynclab.foundation.workloads.native import release_free_memory

__all__ = [
    "MB",
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
    "check_sync_every",
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
    "waiting_loop",
    "QueueTracker",
]


# --------------------------------------------------------------------------- setup


@dataclass(frozen=True)
class MLPConfig:
    """Sizes of the experiment: batches of ``batch_size`` x ``features`` float32, Dense layers ``hidden`` -> 1."""

    num_batches: int = 100
    batch_size: int = 1024
    features: int = 512
    hidden: tuple[int, ...] = (2048, 512)
    learning_rate: float = 0.005
    seed: int = 0

    def __post_init__(self) -> None:
        for name in ("num_batches", "batch_size", "features"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} must be a positive integer, got {value!r}.")
        if not self.hidden or any(int(h) < 1 for h in self.hidden):
            raise ValueError(f"hidden must list positive layer widths, got {self.hidden!r}.")
        object.__setattr__(self, "hidden", tuple(int(h) for h in self.hidden))
        if not self.learning_rate > 0:
            raise ValueError(f"learning_rate must be positive, got {self.learning_rate!r}.")

    @property
    def batch_mb(self) -> float:
        """Size of one input batch (float32) in MB."""
        return self.batch_size * self.features * 4 / MB


#: The full-size experiment: 100 batches of 1024 x 512, Dense 2048 -> 512 -> 1.
SEED = MLPConfig()
#: The same batches with layers half as wide.
HALF = MLPConfig(hidden=(1024, 256))
#: Lab 04 and its checks: the first 50 batches of HALF.
LAB = MLPConfig(num_batches=50, hidden=(1024, 256))


def make_mlp(config: MLPConfig = MLPConfig()):
    """``(net, trainer, loss)``: Dense layers with ReLU, SGD and the L2 loss.

    The parameters are allocated by one forward and backward pass on a
    batch of zeros (Gluon defers allocation until it sees an input), so that
    none of that one-off allocation lands inside a measurement.
    """
    import mxnet as mx
    from mxnet import autograd, gluon, nd
    from mxnet.gluon import nn

    mx.random.seed(config.seed)
    net = nn.Sequential()
    for width in config.hidden:
        net.add(nn.Dense(width, activation="relu"))
    net.add(nn.Dense(1))
    net.initialize()
    trainer = gluon.Trainer(net.collect_params(), "sgd", {"learning_rate": config.learning_rate})
    loss = gluon.loss.L2Loss()
    X = nd.zeros((config.batch_size, config.features))
    y = nd.zeros((config.batch_size,))
    with autograd.record():
        l = loss(net(X), y)
    l.backward()
    trainer.step(config.batch_size)
    nd.waitall()
    return net, trainer, loss


class HostLoader:
    """Batches made on the host and copied in with ``nd.array``, as real loaders do.

    The data set is a small pool of ``pool`` batches of NumPy data, made once
    when the loader is created (as if read from disk before training); each
    iteration copies one batch of it into a new MXNet array. The copy is
    synchronous, so a yielded batch already occupies its memory.
    """

    kind = "host"

    def __init__(self, config: MLPConfig = MLPConfig(), pool: int = 4) -> None:
        if isinstance(pool, bool) or not isinstance(pool, int) or pool < 1:
            raise ValueError(f"pool must be a positive integer, got {pool!r}.")
        self.config = config
        rng = np.random.default_rng(config.seed)
        self._X = rng.standard_normal((pool, config.batch_size, config.features), dtype=np.float32)
        self._y = np.ones((config.batch_size,), dtype=np.float32)

    def __len__(self) -> int:
        return self.config.num_batches

    def __iter__(self) -> Iterator[tuple[Any, Any]]:
        from mxnet import nd

        for i in range(self.config.num_batches):
            yield nd.array(self._X[i % len(self._X)]), nd.array(self._y)


class DeviceLoader:
    """Batches drawn by MXNet itself (``nd.random.normal``) on the device.

    The random operator is queued like any other and its output is allocated
    only when it runs, so a batch that waits in the queue costs no memory.
    """

    kind = "device"

    def __init__(self, config: MLPConfig = MLPConfig()) -> None:
        self.config = config

    def __len__(self) -> int:
        return self.config.num_batches

    def __iter__(self) -> Iterator[tuple[Any, Any]]:
        from mxnet import nd

        shape = (self.config.batch_size, self.config.features)
        for _ in range(self.config.num_batches):
            yield nd.random.normal(shape=shape), nd.ones((self.config.batch_size,))


LOADERS = {"host": HostLoader, "device": DeviceLoader}


def make_loader(kind: str, config: MLPConfig = MLPConfig()):
    """A :class:`HostLoader` (``"host"``) or a :class:`DeviceLoader` (``"device"``)."""
    if kind not in LOADERS:
        raise ValueError(f"unknown loader {kind!r}; choose 'host' or 'device'.")
    return LOADERS[kind](config)


# ------------------------------------------------------------------------ training


@dataclass(frozen=True)
class TrainResult:
    """What one epoch cost.

    ``front_s``: seconds until the Python loop was through (everything
    queued); ``wall_s``: seconds until the back end had finished as well;
    ``trace``: resident memory sampled during the epoch (MB); ``steps``: the
    optimizer updates the loop made (one per batch for a whole epoch);
    ``issued`` and ``done``: when each batch was issued and when its loss
    had been computed, seconds from the start of the epoch (empty unless
    the epoch was tracked, see :class:`QueueTracker`).
    """

    label: str
    num_batches: int
    loader: str
    front_s: float
    wall_s: float
    trace: MemoryTrace = field(repr=False)
    sync_every: int | None = None
    losses: tuple[float, ...] = field(default=(), repr=False)
    steps: int | None = None
    issued: tuple[float, ...] = field(default=(), repr=False)
    done: tuple[float, ...] = field(default=(), repr=False)

    @property
    def peak_mb(self) -> float:
        """Peak resident memory above the baseline, MB."""
        return self.trace.increase

    @property
    def backlog_s(self) -> float:
        """Seconds the back end still worked after the front end was through."""
        return self.wall_s - self.front_s

    def __str__(self) -> str:
        return f"{self.label}: front end {self.front_s:.3f} s, wall {self.wall_s:.3f} s, peak +{self.peak_mb:.1f} MB"

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["trace"] = {
            "baseline": self.trace.baseline,
            "peak": self.trace.peak,
            "end": self.trace.end,
            "times": list(self.trace.times),
            "values": list(self.trace.values),
        }
        for name in ("losses", "issued", "done"):
            data[name] = list(getattr(self, name))
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TrainResult:
        t = data["trace"]
        trace = MemoryTrace(
            baseline=t["baseline"], peak=t["peak"], end=t["end"], times=tuple(t["times"]), values=tuple(t["values"])
        )
        return cls(
            label=data["label"],
            num_batches=data["num_batches"],
            loader=data["loader"],
            front_s=data["front_s"],
            wall_s=data["wall_s"],
            trace=trace,
            sync_every=data.get("sync_every"),
            losses=tuple(data.get("losses", ())),
            steps=data.get("steps"),
            issued=tuple(data.get("issued", ())),
            done=tuple(data.get("done", ())),
        )

    def queued_at(self, t: float) -> int:
        """Batches issued but not yet computed at ``t`` seconds into a tracked epoch."""
        return sum(1 for s in self.issued if s <= t) - sum(1 for s in self.done if s <= t)


def check_sync_every(sync_every: int | None) -> None:
    """Refuse a ``sync_every`` that is neither ``None`` nor a positive integer."""
    if sync_every is None:
        return
    if isinstance(sync_every, bool) or not isinstance(sync_every, int) or sync_every < 1:
        raise ValueError(f"sync_every must be None or a positive integer, got {sync_every!r}.")


def sync_label(sync_every: int | None) -> str:
    """``"no sync"``, ``"sync every batch"`` or ``"sync every k batches"``."""
    check_sync_every(sync_every)
    if sync_every is None:
        return "no sync"
    if sync_every == 1:
        return "sync every batch"
    return f"sync every {sync_every} batches"


class QueueTracker:
    """When each batch of a loop was issued and when the back end had computed its loss.

    The loop calls :meth:`issued` with each batch's loss array right after
    queueing the batch; a watcher thread waits for those arrays one after
    another (``wait_to_read``, which does not hold up the loop) and notes
    when each was ready. Times are seconds since the tracker was made.
    Call :meth:`close` after the loop to wait for the watcher.
    """

    def __init__(self) -> None:
        self._t0 = time.perf_counter()
        self.issued_s: list[float] = []
        self.done_s: list[float] = []
        self._pending: queue.SimpleQueue = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._watch, name="asynclab-queue-tracker", daemon=True)
        self._thread.start()

    def issued(self, array) -> None:
        self.issued_s.append(time.perf_counter() - self._t0)
        self._pending.put(array)

    def _watch(self) -> None:
        while (array := self._pending.get()) is not None:
            array.wait_to_read()
            self.done_s.append(time.perf_counter() - self._t0)

    def close(self) -> None:
        self._pending.put(None)
        self._thread.join()


def train_loop(
    net, trainer, loss, batches: Iterable, sync_every: int | None = None, tracker: QueueTracker | None = None
) -> list[float]:
    """Train on every batch; wait for the loss every ``sync_every`` batches.

    ``sync_every=None`` never waits: the loop only queues work. The wait is
    ``loss.mean().asscalar()``, the usual "log the loss" line, which blocks
    until this batch's forward pass has run -- and therefore until every
    earlier batch's update has run too, since the forward pass reads the
    updated weights. Returns the losses that were read. A ``tracker`` is
    told about every batch issued.
    """
    from mxnet import autograd

    check_sync_every(sync_every)
    losses: list[float] = []
    for i, (X, y) in enumerate(batches):
        with autograd.record():
            l = loss(net(X), y)
        l.backward()
        trainer.step(X.shape[0])
        if tracker is not None:
            tracker.issued(l)
        if sync_every is not None and (i + 1) % sync_every == 0:
            losses.append(float(l.mean().asscalar()))
    return losses


Loop = Callable[[Any, Any, Any, Iterable], object]


def as_number(value: Any) -> float | None:
    """``value`` as a float: a real number (``decimal.Decimal`` and ``fractions.Fraction`` among them), or an
    array of one element; ``None`` otherwise."""
    try:
        if isinstance(value, bool):
            return None
        if isinstance(value, (numbers.Real, decimal.Decimal)):
            return float(value)
        if getattr(value, "size", None) == 1:  # an MXNet or NumPy array of one element
            for name in ("asscalar", "item"):
                method = getattr(value, name, None)
                if callable(method):
                    return float(method())
    except Exception:  # noqa: BLE001 - whatever a loop returned, never fail on it
        return None
    return None


def loss_values(returned: object) -> tuple[float, ...]:
    """The losses a loop returned, as floats; never raises.

    A list or tuple of numbers or of one-element arrays (MXNet or NumPy)
    becomes a tuple of floats; elements that are neither are left out, and
    anything other than a list or tuple (``None``, a dict, ...) gives ``()``.
    Meant to run after the epoch was measured and the back end waited for:
    reading an MXNet array then adds no wait to the measurement.
    """
    if not isinstance(returned, (list, tuple)):
        return ()
    values = (as_number(value) for value in returned)
    return tuple(value for value in values if value is not None)


def run_epoch(
    loop: Loop,
    config: MLPConfig = MLPConfig(),
    *,
    loader: str = "host",
    model=None,
    label: str = "epoch",
    interval: float = 0.005,
    release: bool = True,
) -> TrainResult:
    """Measure one epoch of ``loop(net, trainer, loss, batches)``.

    ``model`` is a ``(net, trainer, loss)`` triple from :func:`make_mlp`
    (made here when omitted). The loader's data and the model exist before
    the baseline is taken, and :func:`release_free_memory` runs right before
    it (unless ``release=False``, which shows what reused memory does to a
    measurement), so the trace shows what the epoch itself added. The clock
    for ``front_s`` stops when ``loop`` returns; ``wall_s`` also covers the
    work it left queued. What ``loop`` returns is kept in ``losses`` as far
    as it reads as numbers (:func:`loss_values`) and never makes this fail.
    """
    if not callable(loop):
        raise TypeError(f"loop must be callable, got {type(loop).__name__}.")
    net, trainer, loss = model if model is not None else make_mlp(config)
    batches = make_loader(loader, config)
    from asynclab.foundation.backends import mxnet as mxb

    if release:
        release_free_memory()
    else:
        mxb.sync_all()

    updates = trainer.optimizer.num_update
    with PeakMemory(interval=interval) as pm:
        start = time.perf_counter()
        returned = loop(net, trainer, loss, batches)
        front = time.perf_counter() - start
        mxb.sync_all()
        wall = time.perf_counter() - start
    losses = loss_values(returned)
    return TrainResult(
        label=label,
        num_batches=config.num_batches,
        loader=loader,
        front_s=front,
        wall_s=wall,
        trace=pm.trace,
        losses=losses,
        steps=trainer.optimizer.num_update - updates,
    )


def train_epoch(
    config: MLPConfig = MLPConfig(),
    sync_every: int | None = None,
    *,
    loader: str = "host",
    model=None,
    interval: float = 0.005,
    release: bool = True,
    track: bool = False,
) -> TrainResult:
    """One measured epoch of :func:`train_loop` (see :func:`run_epoch`).

    ``track=True`` also records when each batch was issued and computed
    (:class:`QueueTracker`), in the result's ``issued`` and ``done``.
    """
    check_sync_every(sync_every)
    trackers: list[QueueTracker] = []

    def loop(net, trainer, loss, batches):
        tracker = QueueTracker() if track else None
        trackers.extend([tracker] if tracker else [])
        return train_loop(net, trainer, loss, batches, sync_every, tracker)

    result = run_epoch(
        loop, config, loader=loader, model=model, label=sync_label(sync_every), interval=interval, release=release
    )
    result = replace(result, sync_every=sync_every)
    if trackers:
        trackers[0].close()
        result = replace(result, issued=tuple(trackers[0].issued_s), done=tuple(trackers[0].done_s))
    return result


class IncompleteEpoch(RuntimeError):
    """A loop did not make one optimizer step per batch."""


def require_full_epoch(result: TrainResult) -> TrainResult:
    """``result``, or :class:`IncompleteEpoch` unless its loop stepped once per batch.

    A loop that skips the work would otherwise look fast and frugal.
    """
    if result.steps != result.num_batches:
        raise IncompleteEpoch(
            f"it made {result.steps} optimizer steps for {result.num_batches} "
            "batches; one trainer.step per batch is needed"
        )
    return result


def peak_probe(loop: Loop, config: MLPConfig, model, *, loader: str = "host") -> Callable[[], float]:
    """A probe for :mod:`asynclab.checks`: each call runs one full epoch, returns its peak MB.

    Raises :class:`IncompleteEpoch` when ``loop`` skipped optimizer steps.
    """
    return lambda: require_full_epoch(run_epoch(loop, config, loader=loader, model=model)).peak_mb


def waiting_loop(returns: Callable[[list], object] = lambda losses: losses, every: int = 1) -> Loop:
    """A correct loop for :func:`run_epoch`: trains every batch, waits every ``every`` batches.

    After every ``every``-th batch it waits for the mean loss
    (``wait_to_read``) and keeps that MXNet array (shape ``()``); it
    returns ``returns(losses)``. The tests and the checks' references use it.
    """

    def loop(net, trainer, loss, batches):
        from mxnet import autograd

        losses = []
        for i, (X, y) in enumerate(batches):
            with autograd.record():
                l = loss(net(X), y)
            l.backward()
            trainer.step(X.shape[0])
            if (i + 1) % every == 0:
                mean = l.mean()
                mean.wait_to_read()
                losses.append(mean)
        return returns(losses)

    return loop
