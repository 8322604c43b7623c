"""Lesson 10's experiments: synchronous and asynchronous SGD on MXNet's parameter server.

The training itself (the worker's program, the one-process reference, the
staleness count) lives in :mod:`asynclab.foundation.workloads.psgd`, which the checks
use too; this module adds what only the lesson needs: the time each step
took, and the figures (loss against wall time, updates or gradients, the
staleness each gradient saw, the time per step with its quartiles). For the
simulation of many workers (:mod:`.simulation`) it sets a simulated run
beside a measured one (:func:`simulated_against_measured`) and draws the
round's time and the staleness against the number of workers.

Lesson-helper layer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from asynclab.foundation.timing import Samples, summarize
from asynclab.foundation.workloads import psgd
from asynclab.lessons.l10_distributed_sgd import simulation

__all__ = [
    "step_seconds",
    "step_times",
    "updates_seen",
    "plot_loss",
    "plot_staleness",
    "plot_step_times",
    "plot_sync_rounds",
    "plot_staleness_growth",
    "Agreement",
    "simulated_against_measured",
    "push_then_die",
]


def step_seconds(trace: psgd.WorkerTrace) -> np.ndarray:
    """One worker's time of every step (s): between the reads of its weights, and from the last to its end."""
    return np.diff(list(trace.reads) + [trace.end])


def step_times(trace: psgd.WorkerTrace) -> Samples:
    """Quartiles of one worker's time per step (s), as :func:`step_seconds` measures them."""
    return summarize(step_seconds(trace))


def updates_seen(run: psgd.DistRun) -> list[tuple[np.ndarray, np.ndarray]]:
    """Per worker, at each read of its weights: the seconds since the run's start and the updates applied so far.

    Synchronous SGD applies one update per round, a push of every worker,
    so the count is the worker's own pushes before the read (its step when
    it pushes every gradient); asynchronous SGD applies every push, so the
    count is the pushes of all workers before the read.
    """
    out = []
    pushes = np.sort(np.concatenate([np.asarray(w.pushes) for w in run.workers]))
    for trace in run.workers:
        reads = np.asarray(trace.reads)
        if run.kind == "dist_async":
            applied = np.searchsorted(pushes, reads)
        else:
            applied = np.searchsorted(np.sort(np.asarray(trace.pushes)), reads)
        out.append((reads - run.start, applied))
    return out


def plot_loss(runs: Mapping[str, psgd.DistRun], *, x: str = "time", ax=None, title: str = ""):
    """Loss at every read of the weights, against seconds since the start (``x="time"``), updates applied
    (``x="updates"``) or gradients applied (``x="gradients"``: a synchronous update applies one gradient per
    worker, an asynchronous one a single gradient)."""
    import matplotlib.pyplot as plt

    if x not in _LOSS_AXES:
        raise ValueError(f"x must be 'time' or 'updates' (or 'gradients'), got {x!r}.")
    ax = ax or plt.subplots(figsize=(6, 4), layout="constrained")[1]
    styles = ("-", "--", ":", "-.")
    for index, (label, run) in enumerate(runs.items()):
        # each run is drawn thinner than the one before, so a later run that follows an earlier one point
        # for point (an asynchronous run with equal workers can) leaves the earlier one showing around it
        width = 1.2 + 1.4 * (len(runs) - 1 - index)
        line = None
        per_update = 1 if run.kind == "dist_async" else len(run.workers)
        curves = []  # [xs, losses, ranks]: workers that read the same weights share one line
        for trace, (seconds, applied) in zip(run.workers, updates_seen(run)):
            xs = np.asarray(seconds if x == "time" else applied if x == "updates" else per_update * applied, float)
            losses = np.asarray(trace.losses, float)
            same = next((c for c in curves if _same_curve(c[0], c[1], xs, losses)), None)
            if same is not None:
                same[2].append(trace.rank)
            else:
                curves.append([xs, losses, [trace.rank]])
        for k, (xs, losses, ranks) in enumerate(curves):
            # within a run too, each worker's own line is thinner than the one before (by less than
            # the step between runs), so a worker that falls out of step only late stays visible
            curve_width = width - 0.3 * min(k, 3)
            who = (
                f"worker {ranks[0]}"
                if len(ranks) == 1
                else f"workers {', '.join(map(str, ranks))} (one line: the same weights)"
            )
            style = dict(color=line.get_color()) if line is not None else {}
            (line,) = ax.plot(
                xs,
                losses,
                styles[k % len(styles)],
                marker=".",
                markersize=2 + 2 * curve_width,
                linewidth=curve_width,
                label=f"{label}, {who}",
                **style,
            )
    ax.set_yscale("log")
    ax.set_xlabel(_LOSS_AXES[x])
    ax.set_ylabel("loss at the weights read")
    ax.set_title(title or f"loss against {x.replace('time', 'wall time')}")
    ax.legend(fontsize=7)
    return ax


def _same_curve(xs_a, ys_a, xs_b, ys_b) -> bool:
    """Whether two workers' loss curves are one line: the same losses at (nearly) the same x, as the
    workers of a synchronous run read the same weights at every step (1% of the x range apart)."""
    if len(xs_a) != len(xs_b) or len(xs_a) == 0:
        return False
    span = max(float(np.ptp(xs_a)), float(np.ptp(xs_b)), 1e-12)
    return bool(np.allclose(ys_a, ys_b, rtol=1e-3) and np.max(np.abs(xs_a - xs_b)) <= 0.01 * span)


_LOSS_AXES = {
    "time": "seconds since the first step",
    "updates": "updates applied to the weights read",
    "gradients": "gradients applied to the weights read",
}


def plot_staleness(counts: Sequence[Sequence[int]], *, ax=None, title: str = "staleness of each gradient"):
    """A histogram per worker of the updates each of its gradients missed."""
    import matplotlib.pyplot as plt

    ax = ax or plt.subplots(figsize=(6, 4), layout="constrained")[1]
    top = max([max(c) for c in counts if len(c)] + [1])
    bins = np.arange(-0.5, top + 1.5, 1.0)
    for rank, c in enumerate(counts):
        ax.hist(c, bins=bins, alpha=0.6, label=f"worker {rank} (median {np.median(c):.0f})")
    ax.set_xlabel("staleness: updates applied between its read and its push")
    ax.set_ylabel("gradients")
    ax.set_title(title)
    ax.legend(fontsize=8)
    return ax


def plot_step_times(runs: Mapping[str, psgd.DistRun], *, ax=None, title: str = "time per step (median, IQR)"):
    """Bars of each worker's median time per step, with whiskers from the first to the third quartile (ms)."""
    import matplotlib.pyplot as plt

    ax = ax or plt.subplots(figsize=(6, 4), layout="constrained")[1]
    labels, medians, low, high = [], [], [], []
    for label, run in runs.items():
        for trace in run.workers:
            s = step_times(trace)
            labels.append(label.replace(", ", "\n") + f"\nworker {trace.rank}")
            medians.append(1e3 * s.median)
            low.append(1e3 * (s.median - s.q1))
            high.append(1e3 * (s.q3 - s.median))
    ax.bar(range(len(labels)), medians, yerr=[low, high], capsize=4, color="tab:blue")
    ax.set_xticks(range(len(labels)), labels, fontsize=7)
    ax.set_ylabel("ms per step")
    ax.set_title(title)
    return ax


def plot_sync_rounds(curves: Mapping[str, Sequence], *, ax=None, title: str = "synchronous: time per round"):
    """Per curve, a list of :class:`~.simulation.SyncRun` (one per cluster size): the mean time of a round (ms)
    against the workers whose gradients a round averages (a log2 axis), with whiskers from the 10th to the
    90th percentile of the rounds. The curves are nudged apart along the axis so that none hides another."""
    import matplotlib.pyplot as plt

    ax = ax or plt.subplots(figsize=(6, 4), layout="constrained")[1]
    styles = ("-", "--", "-.", ":")
    sizes = [r.workers for r in next(iter(curves.values()))]
    for k, (label, runs) in enumerate(curves.items()):
        n = np.array([r.workers for r in runs]) * 2.0 ** (0.08 * (k - (len(curves) - 1) / 2))
        mean = np.array([1e3 * r.mean_round_s for r in runs])
        low, high = (np.array([1e3 * r.quantile_s(q) for r in runs]) for q in (0.1, 0.9))
        (line,) = ax.plot(n, mean, marker="o", markersize=3, linestyle=styles[k % len(styles)], label=label)
        ax.vlines(n, low, high, color=line.get_color(), linewidth=1.2, alpha=0.7)
    ax.set_xscale("log", base=2)
    ax.set_xticks(sizes, [str(n) for n in sizes])
    # room above the highest whisker for the legend (an axis shared with another plot keeps the larger room)
    top = 1.5 * max(1e3 * r.quantile_s(0.9) for runs in curves.values() for r in runs)
    ax.set_ylim(0, max(top, ax.get_ylim()[1]))
    ax.set_xlabel("workers N whose gradients a round averages (log2 axis)")
    ax.set_ylabel("ms per round")
    ax.set_title(title)
    ax.legend(fontsize=7, loc="upper left", title="mean; whiskers: 10th-90th percentile", title_fontsize=7)
    return ax


def plot_staleness_growth(runs: Sequence, *, ax=None, title: str = "asynchronous: staleness of each gradient"):
    """For a list of :class:`~.simulation.AsyncRun` (one per cluster size): the median staleness (updates) with
    a band from the first to the third quartile, the 90th percentile, and N - 1, against N (linear axes)."""
    import matplotlib.pyplot as plt

    ax = ax or plt.subplots(figsize=(6, 4), layout="constrained")[1]
    n = np.array([r.workers for r in runs])
    median = [np.median(r.staleness) for r in runs]
    (line,) = ax.plot(n, median, marker="o", markersize=3.5, linewidth=1.5, label="median")
    q1, q3 = ([r.staleness_quantile(q) for r in runs] for q in (0.25, 0.75))
    ax.fill_between(n, q1, q3, color=line.get_color(), alpha=0.2, linewidth=0, label="quartiles")
    # narrower and smaller than the median's, so that where the two meet (little spread) both show
    ax.plot(
        n,
        [r.staleness_quantile(0.9) for r in runs],
        marker="s",
        markersize=2,
        linewidth=0.9,
        label="90th percentile",
    )
    ax.plot(n, n - 1, "k:", label="N - 1")
    ax.set_xlim(0, n.max() * 1.05)
    ax.set_ylim(bottom=0)
    ax.set_xlabel("workers N")
    ax.set_ylabel("updates between read and push")
    ax.set_title(title)
    ax.legend(fontsize=7, loc="upper left")
    return ax


@dataclass(frozen=True)
class Agreement:
    """One measured figure and the simulation's for the same run: ``what`` it is, in ``unit``."""

    what: str
    unit: str
    measured: float
    simulated: float

    @property
    def ratio(self) -> float:
        """Simulated over measured."""
        return self.simulated / self.measured


def simulated_against_measured(
    model: simulation.StepModel, run: psgd.DistRun, delays: Sequence[float], *, seed: int = 0
) -> Agreement:
    """The simulation of a measured run (same store, delays and steps) beside it.

    A synchronous run is compared on its median time per round (ms, every
    worker's steps); an asynchronous one on the mean staleness (updates) of
    the gradients of its slowest workers (the largest delay: all of them when
    the workers are equal), as :func:`psgd.staleness` counts it; the simulated
    workers start at random points of their first step (``stagger``): on the
    real store their phases drift apart within a few steps.
    """
    if run.kind == "dist_sync":
        measured = float(np.median(np.concatenate([step_seconds(t) for t in run.workers])))
        simulated = simulation.simulate_sync(model, delays, rounds=4000, seed=seed).median_round_s
        return Agreement("median time per round", "ms", 1e3 * measured, 1e3 * simulated)
    slowest = [rank for rank, d in enumerate(delays) if d == max(delays)]
    counts = psgd.staleness(run)
    measured = float(np.mean(np.concatenate([counts[r] for r in slowest])))
    simulated_run = simulation.simulate_async(
        model, delays, steps=[len(t.reads) for t in run.workers], seed=seed, stagger=True
    )
    simulated = float(np.mean(np.concatenate([simulated_run.staleness_of(r) for r in slowest])))
    what = "mean staleness" if len(slowest) == len(delays) else "mean staleness of the slowest"
    return Agreement(what, "updates", measured, simulated)


def push_then_die(job: Mapping) -> None:
    """A worker program for :func:`asynclab.foundation.backends.cluster.launch` that fails: every worker pushes
    once to a ``job["kind"]`` store, then worker 1 exits with "worker 1 lost its data" and the others pull."""
    import mxnet as mx

    kv = mx.kv.create(job["kind"])
    kv.init(0, mx.nd.zeros(4))
    kv.push(0, mx.nd.ones(4))
    if job["rank"] == 1:
        raise SystemExit("worker 1 lost its data")
    out = mx.nd.zeros(4)
    kv.pull(0, out=out)
    out.wait_to_read()
