"""Lesson 10's simulation: one parameter server and N workers, as discrete events, in NumPy.

Lesson 10 runs two workers (and four) on one machine; a cluster has tens to
hundreds. This module simulates what a student cannot run here, with the
same inputs as :func:`asynclab.foundation.workloads.psgd.run`: one extra
delay per worker (s per step, the straggler's slower computing) and a step
count. A worker's step is

    computing  +  round trip to the server

- the **computing** of worker ``i`` is ``(delay_i + compute_s) * exp(spread * Z)``
  with ``Z`` standard normal, drawn afresh at every step: lognormal, with
  median ``delay_i + compute_s`` (s). With probability ``hiccup`` a step is
  moreover ``hiccup_factor`` times longer (a worker slowed now and then: another
  job, a garbage collection, the network);
- the **round trip** ``overhead_s`` (s) is the same at every step: the push,
  the server's update and the pull of the new weights.

Synchronous SGD (:func:`simulate_sync`): every round, all ``N + b`` workers
read the same weights and compute; the server updates when the first ``N``
gradients have arrived (``b`` backup workers, as in Chen et al., 2016,
*Revisiting Distributed Synchronous SGD*; the ``b`` late gradients are
dropped), so a round lasts the ``N``-th shortest computing plus the round trip:
with ``b = 0``, the longest.

Asynchronous SGD (:func:`simulate_async`): events in time order. Each worker
reads the weights, computes, pushes (the server applies the gradient at once)
and reads again one round trip later. The staleness of a gradient is the
number of updates the server applied between its worker's read and its push,
as :func:`asynclab.foundation.workloads.psgd.staleness` counts on the real store.

:func:`calibrate` makes a :class:`StepModel` from measured times per step:
the steps longer than 1.5 times the median give the hiccups, the others the
round trip and the spread.
Every draw comes from a seeded :class:`numpy.random.Generator`: the same seed,
the same result. Lesson-helper layer; NumPy only.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

__all__ = [
    "StepModel",
    "SyncRun",
    "AsyncRun",
    "calibrate",
    "spread_from_quartiles",
    "cluster_delays",
    "computing_times",
    "simulate_sync",
    "simulate_async",
    "sweep_sync",
    "sweep_async",
]

_QUARTILE_Z = 0.6744897501960817  # the third quartile of the standard normal distribution


@dataclass(frozen=True)
class StepModel:
    """How long one worker's step takes (seconds); see the module's docstring for the formula.

    ``compute_s``: median computing of a step beyond the worker's delay (s);
    ``spread``: the standard deviation of the logarithm of the computing (no
    unit; 0 makes every step take its median); ``overhead_s``: the round trip
    to the server per step (s); ``hiccup``: the probability that a step is
    slowed (per worker and step); ``hiccup_factor``: how many times longer a
    slowed step's computing is.
    """

    compute_s: float
    spread: float
    overhead_s: float
    hiccup: float = 0.0
    hiccup_factor: float = 1.0

    def __post_init__(self) -> None:
        if self.compute_s < 0 or self.overhead_s < 0 or self.spread < 0:
            raise ValueError("compute_s, overhead_s and spread must not be negative.")
        if not 0.0 <= self.hiccup <= 1.0 or self.hiccup_factor < 1.0:
            raise ValueError("hiccup must be a probability and hiccup_factor at least 1.")


@dataclass(frozen=True)
class SyncRun:
    """A simulated synchronous run: ``workers`` gradients averaged per round, out of ``workers + backups``.

    ``round_s[k]`` is the duration of round ``k`` in seconds (one update of the weights per round).
    """

    workers: int
    backups: int
    round_s: np.ndarray

    @property
    def mean_round_s(self) -> float:
        """The expected time of a round (s): the mean over the rounds."""
        return float(np.mean(self.round_s))

    @property
    def median_round_s(self) -> float:
        """The median time of a round (s)."""
        return float(np.median(self.round_s))

    def quantile_s(self, q: float) -> float:
        """The ``q``-quantile of the rounds' times (s), ``q`` in [0, 1]."""
        return float(np.quantile(self.round_s, q))

    @property
    def updates_per_s(self) -> float:
        """Updates of the weights per second: one per round."""
        return 1.0 / self.mean_round_s

    @property
    def gradients_per_s(self) -> float:
        """Gradients applied per second: ``workers`` per round (the backups' late ones are dropped)."""
        return self.workers / self.mean_round_s


@dataclass(frozen=True)
class AsyncRun:
    """A simulated asynchronous run, one entry per gradient in the order the server applied them.

    ``rank``: the worker that pushed it; ``push_s``: when (s since the start);
    ``staleness``: the updates applied between its worker's read of the weights
    and its push (a count). ``seconds``: from the start to the last worker's last
    read of the weights (its last push plus a round trip), s.
    """

    workers: int
    rank: np.ndarray
    push_s: np.ndarray
    staleness: np.ndarray
    seconds: float

    @property
    def updates(self) -> int:
        """Updates the server applied: one per gradient."""
        return int(len(self.rank))

    @property
    def updates_per_s(self) -> float:
        """Updates (= gradients) applied per second."""
        return self.updates / self.seconds

    @property
    def gradients_per_s(self) -> float:
        """Gradients applied per second: the same as the updates in asynchronous SGD."""
        return self.updates_per_s

    def staleness_of(self, rank: int) -> np.ndarray:
        """The staleness of worker ``rank``'s gradients, in the order it pushed them."""
        return self.staleness[self.rank == rank]

    def staleness_quantile(self, q: float) -> float:
        """The ``q``-quantile of every gradient's staleness (updates), ``q`` in [0, 1]."""
        return float(np.quantile(self.staleness, q))


def spread_from_quartiles(q1: float, median: float, q3: float) -> float:
    """The ``spread`` (sigma of the logarithm) of a lognormal with these quartiles (any one unit).

    For a lognormal, ``q3 / q1 = exp(2 * 0.6745 * sigma)``.
    """
    if not 0 < q1 <= median <= q3:
        raise ValueError(f"quartiles must be positive and in order, got {q1}, {median}, {q3}.")
    return math.log(q3 / q1) / (2 * _QUARTILE_Z)


def calibrate(steps_s: Sequence[float], delay_s: float, compute_s: float, *, hiccup_above: float = 1.5) -> StepModel:
    """A :class:`StepModel` from a worker's measured times per step (seconds).

    ``steps_s``: times per step on the parameter server of workers that wait
    for nobody (asynchronous SGD, equal workers), each with an extra
    ``delay_s`` per step; ``compute_s``: the median computing of a step
    beyond the delay (the same loop on the local store, no server). Steps
    longer than ``hiccup_above`` times the median are the hiccups: their share
    is ``hiccup``, and their median computing over the others' is
    ``hiccup_factor``. The other steps give the round trip (their median less
    the delay and the computing) and the spread (their quartiles, less the
    round trip, taken as constant).
    """
    steps = np.asarray(steps_s, dtype=float)
    slowed = steps > hiccup_above * float(np.median(steps))
    body = steps[~slowed]
    overhead = max(0.0, float(np.median(body)) - delay_s - compute_s)
    q1, median, q3 = np.quantile(body - overhead, [0.25, 0.5, 0.75])
    spread = spread_from_quartiles(q1, median, q3)
    factor = max(1.0, float(np.median(steps[slowed] - overhead)) / median) if slowed.any() else 1.0
    return StepModel(compute_s, spread, overhead, float(np.mean(slowed)), factor)


def cluster_delays(workers: int, *, delay_s: float, slow: int = 0, slow_delay_s: float | None = None) -> tuple:
    """The delays (s per step) of ``workers`` workers: ``slow`` of them at ``slow_delay_s``, the rest at ``delay_s``."""
    if not 0 <= slow <= workers:
        raise ValueError(f"slow must be between 0 and {workers}, got {slow}.")
    slow_delay = delay_s if slow_delay_s is None else slow_delay_s
    return (float(delay_s),) * (workers - slow) + (float(slow_delay),) * slow


def computing_times(model: StepModel, delays: Sequence[float], steps: int, rng: np.random.Generator) -> np.ndarray:
    """Computing times (s) of ``steps`` steps of each worker: an array ``(steps, len(delays))``."""
    median = np.asarray(delays, dtype=float) + model.compute_s
    times = median * np.exp(model.spread * rng.standard_normal((steps, len(median))))
    if model.hiccup > 0:
        slowed = rng.random(times.shape) < model.hiccup
        times = np.where(slowed, model.hiccup_factor * times, times)
    return times


def simulate_sync(
    model: StepModel,
    delays: Sequence[float],
    *,
    rounds: int,
    backups: int = 0,
    seed: int | np.random.Generator = 0,
) -> SyncRun:
    """``rounds`` rounds of synchronous SGD over ``len(delays)`` workers, ``backups`` of which are backups.

    A round lasts the ``(len(delays) - backups)``-th shortest computing of
    the round plus the round trip (s): the server waits for that many
    gradients and drops the rest.
    """
    total = len(delays)
    needed = total - int(backups)
    if backups < 0 or needed < 1:
        raise ValueError(f"backups must be between 0 and {total - 1}, got {backups}.")
    if rounds < 1:
        raise ValueError(f"rounds must be at least 1, got {rounds}.")
    rng = np.random.default_rng(seed)
    times = computing_times(model, delays, rounds, rng)
    finished = np.partition(times, needed - 1, axis=1)[:, needed - 1] if backups else times.max(axis=1)
    return SyncRun(needed, int(backups), finished + model.overhead_s)


def simulate_async(
    model: StepModel,
    delays: Sequence[float],
    *,
    steps: int | Sequence[int],
    seed: int | np.random.Generator = 0,
    stagger: bool = False,
) -> AsyncRun:
    """Asynchronous SGD over ``len(delays)`` workers: ``steps`` steps each (one count, or one per worker).

    All workers read the weights at 0 s (the real store starts them together
    after its barrier), or, with ``stagger``, each at a time drawn uniformly
    within its own median step (a run long past its start, where the workers'
    phases have drifted apart). A worker pushes when its computing ends; the
    server applies the gradient at once; the worker reads the weights
    ``overhead_s`` later and starts its next step. Events at the same time are
    taken in the order they were scheduled.
    """
    n = len(delays)
    counts = [int(steps)] * n if isinstance(steps, (int, np.integer)) else [int(s) for s in steps]
    if len(counts) != n or min(counts, default=0) < 1:
        raise ValueError(f"steps must be at least 1 for each of the {n} workers, got {steps!r}.")
    rng = np.random.default_rng(seed)
    times = computing_times(model, delays, max(counts), rng)
    period = np.asarray(delays, dtype=float) + model.compute_s + model.overhead_s
    starts = rng.uniform(0.0, period) if stagger else np.zeros(n)

    applied = 0  # updates the server has applied so far
    read_version = [0] * n  # the updates contained in the weights each worker last read
    done = [0] * n  # steps each worker has pushed
    events: list[tuple[float, int, int, str]] = []  # (time, order, worker, "read" or "push")
    order = 0
    for i in range(n):
        heapq.heappush(events, (float(starts[i]), order, i, "read"))
        order += 1
    ranks, pushes, stale = [], [], []
    end = 0.0
    while events:
        now, _, i, kind = heapq.heappop(events)
        if kind == "read":
            end = max(end, now)
            if done[i] == counts[i]:
                continue
            read_version[i] = applied
            heapq.heappush(events, (now + float(times[done[i], i]), order, i, "push"))
        else:
            ranks.append(i)
            pushes.append(now)
            stale.append(applied - read_version[i])
            applied += 1
            done[i] += 1
            heapq.heappush(events, (now + model.overhead_s, order, i, "read"))
        order += 1
    return AsyncRun(n, np.asarray(ranks, dtype=int), np.asarray(pushes), np.asarray(stale, dtype=int), end)


def sweep_sync(
    model: StepModel,
    sizes: Sequence[int],
    *,
    delay_s: float,
    backups: int | Callable[[int], int] = 0,
    slow: int = 0,
    slow_delay_s: float | None = None,
    rounds: int = 2000,
) -> list[SyncRun]:
    """:func:`simulate_sync` for each N in ``sizes``: N + ``backups`` workers (a count, or a function of N), ``slow``
    of them at ``slow_delay_s`` and the rest at ``delay_s`` (s per step); the seed of each is its N."""
    out = []
    for n in sizes:
        b = int(backups(n) if callable(backups) else backups)
        delays = cluster_delays(n + b, delay_s=delay_s, slow=slow, slow_delay_s=slow_delay_s)
        out.append(simulate_sync(model, delays, rounds=rounds, backups=b, seed=n))
    return out


def sweep_async(model: StepModel, sizes: Sequence[int], *, delay_s: float, steps: int) -> list[AsyncRun]:
    """:func:`simulate_async` for each N in ``sizes``: N equal workers at ``delay_s`` (s per step), ``steps`` each,
    started at random points of their first step (``stagger``); the seed of each is its N."""
    return [simulate_async(model, (float(delay_s),) * n, steps=steps, seed=n, stagger=True) for n in sizes]
