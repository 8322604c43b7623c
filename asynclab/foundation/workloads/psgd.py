"""SGD on MXNet's parameter server: the problem, the worker's program, and the one-process reference.

Every worker holds the same synthetic least-squares problem (``X w = y``,
float32, drawn from a seed) and, at step ``s``, its own slice of the
combined batch: worker ``r`` of ``n`` takes rows ``(s n + r) B`` to
``(s n + r + 1) B`` (modulo the rows). The server keeps the weights under
:data:`KEY` and applies the optimizer set on the store; a worker computes
its gradient at the weights it last pulled, pushes it and pulls again.

- :func:`train_worker` runs one worker's training with a store it is
  given (``local``, ``dist_sync`` or ``dist_async``), a ``setup(kv, lr)``
  that sets the optimizer and a ``loop(kv, key, w, gradient_at, steps)``
  (the course's own, :func:`setup_store` and :func:`worker_loop`, or a
  student's given as source; :func:`bounded_loop` adds a barrier every few
  steps), and records when it read which weights and
  when it pushed, and how the optimizer it was given steps late in a
  training (:func:`late_step`);
- :func:`run` starts the cluster (:func:`asynclab.foundation.backends.cluster.launch`)
  with :func:`worker_program` on every worker, which creates the store and
  calls :func:`train_worker`, and gathers the traces;
- :func:`reference` is SGD on the combined batch in one process, which
  synchronous SGD over ``n`` workers must equal;
- :func:`staleness` counts, for every gradient, the updates the server
  applied between the read of its weights and its push.

Times are ``time.perf_counter`` seconds, a clock that every process on
one Linux machine shares. Foundation layer: imports only
:mod:`asynclab.foundation.backends`.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from asynclab.foundation.backends import cluster

__all__ = [
    "KEY",
    "ROWS",
    "DIM",
    "BATCH",
    "LR",
    "problem",
    "batch_rows",
    "gradient",
    "loss",
    "reference",
    "setup_store",
    "worker_loop",
    "bounded_loop",
    "train_worker",
    "late_step",
    "not_plain",
    "WorkerTrace",
    "DistRun",
    "function_source",
    "run",
    "run_local",
    "staleness",
    "worker_program",
]

KEY = 7  # the weights' key in the store
ROWS = 4096  # rows of the synthetic problem
DIM = 32  # weights
BATCH = 32  # rows per worker and step
LR = 0.05  # learning rate of the server's SGD
EVAL_ROWS = 1024  # rows the loss is measured on
#: the last update at which :func:`late_step` steps an optimizer (it steps at updates 1, 2, 4 ... up to this one):
#: far beyond any training a check runs (at most tens of updates), so that a schedule which starts late has started
LATE_UPDATE = 2**20
#: the gradient (every entry) of :func:`late_step`'s one large step: far beyond the check's problem's (at most
#: about 10), so that a gradient clipped "against exploding gradients" is clipped there
LARGE_GRADIENT = 1e4


def problem(seed: int, rows: int = ROWS, dim: int = DIM) -> tuple[np.ndarray, np.ndarray]:
    """``(X, y)`` in float32: ``X`` standard normal (rows x dim), ``y = X w* + 0.1 noise``."""
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((rows, dim)).astype(np.float32)
    w_true = rng.standard_normal(dim).astype(np.float32)
    y = (X @ w_true + 0.1 * rng.standard_normal(rows)).astype(np.float32)
    return X, y


def batch_rows(step: int, rank: int, workers: int, batch: int = BATCH, rows: int = ROWS) -> np.ndarray:
    """Row indices of worker ``rank``'s batch at ``step``: its slice of the combined batch."""
    start = (step * workers + rank) * batch
    return (start + np.arange(batch)) % rows


def gradient(w: np.ndarray, X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Gradient of the mean squared error ``mean((X w - y)^2)`` at ``w`` (float32)."""
    residual = X @ w - y
    return (np.float32(2.0 / len(y)) * (X.T @ residual)).astype(np.float32)


def loss(w: np.ndarray, X: np.ndarray, y: np.ndarray) -> float:
    """Mean squared error on the first :data:`EVAL_ROWS` rows."""
    residual = X[:EVAL_ROWS] @ w - y[:EVAL_ROWS]
    return float(np.mean(residual.astype(np.float64) ** 2))


def reference(seed: int, steps: int, workers: int, lr: float = LR, batch: int = BATCH, every: int = 1) -> np.ndarray:
    """The weights after ``steps`` gradient steps of SGD on the combined batch, one update per ``every`` steps.

    Each update applies the mean of the workers' gradients over ``every``
    consecutive steps, all taken at the same weights (``steps`` must be a
    multiple of ``every``); with ``every=1`` this is plain SGD on the
    combined batch of every step.
    """
    if every < 1 or steps % every:
        raise ValueError(f"steps ({steps}) must be a positive multiple of every ({every}).")
    X, y = problem(seed)
    w = np.zeros(X.shape[1], dtype=np.float32)
    for first in range(0, steps, every):
        total = None
        for step in range(first, first + every):
            for rank in range(workers):
                rows = batch_rows(step, rank, workers, batch)
                g = gradient(w, X[rows], y[rows])
                total = g if total is None else total + g
        w = (w - np.float32(lr) * (np.float32(1.0 / (workers * every)) * total)).astype(np.float32)
    return w


# ------------------------------------------------------------------ the course's worker
def setup_store(kv: Any, lr: float) -> None:
    """Give the store the optimizer: SGD at ``lr`` on the mean of the workers' gradients."""
    import mxnet as mx

    kv.set_optimizer(mx.optimizer.SGD(learning_rate=lr, rescale_grad=1.0 / kv.num_workers))


def worker_loop(kv: Any, key: int, w: Any, gradient_at: Callable[[Any, int], Any], steps: int) -> None:
    """``steps`` rounds of: gradient at the weights ``w`` holds, push it, pull the new weights into ``w``."""
    for step in range(steps):
        grad = gradient_at(w, step)
        kv.push(key, grad)
        kv.pull(key, out=w)


def bounded_loop(kv: Any, key: int, w: Any, gradient_at: Callable[[Any, int], Any], steps: int, every: int) -> None:
    """``steps`` rounds of gradient, push and pull, as :func:`worker_loop`, and after every ``every`` of them a
    barrier: on ``dist_async`` no worker runs more than ``every`` steps ahead of the slowest (lab 10, step 3)."""
    for step in range(steps):
        kv.push(key, gradient_at(w, step))
        kv.pull(key, out=w)
        if (step + 1) % every == 0:
            kv._barrier()  # every worker waits here until all have arrived


#: How far (a fraction of its size) what a push sent may lie from one multiple of the sum of its gradients,
#: and its multiple from the first push's: float32 sums and means computed on a local store lay within 6e-8
#: of both (12 pushes of 2, 3 and 4 gradients), a push of each group's first gradient 0.69-0.76 off.
PUSH_TOLERANCE = 1e-3
#: The clock of the traces and the sleep of a worker's delays, taken when this module is imported: before
#: a loop handed to :func:`train_worker` runs, so that a loop which rewrites ``time`` moves neither.
_CLOCK, _SLEEP = time.perf_counter, time.sleep
#: A store's methods that send a gradient to the servers: each call is a push.
SENDS = ("push", "pushpull")
#: The store's other methods a loop or a setup may call, each through a function of its own ...
CALLS = (
    "pull",
    "row_sparse_pull",
    "set_optimizer",
    "set_gradient_compression",
    "is_capable",
    "save_optimizer_states",
    "load_optimizer_states",
    "_barrier",
)
#: The store's methods that bring the weights back into a worker's copy: each call is a pull.
FETCHES = ("pull", "row_sparse_pull", "pushpull")
#: ... and the figures it may read. Nothing else of the store is handed out: its ``handle`` would let
#: ``mx.kv.KVStore.push`` send a gradient past the count.
VALUES = ("num_workers", "rank", "type")


def _values(value: Any) -> np.ndarray | None:
    """The sum of what one push sends (an array, or a list of arrays the store adds up), as float64; None when
    it holds anything else."""
    if isinstance(value, (list, tuple)):
        parts = [_values(part) for part in value]
        if not parts or any(part is None for part in parts):
            return None
        total = np.zeros_like(parts[0])
        for part in parts:
            if part.shape != total.shape:
                return None
            total = total + part
        return total
    try:
        return np.asarray(value.asnumpy(), dtype=np.float64).reshape(-1)  # waits for what computes the value
    except Exception:
        return None


def _logged(kv: Any) -> tuple[Any, list[float], list[bytes], list[float], list[list[float] | None]]:
    """The store a loop is handed, the times (seconds) of its pushes, the optimizers set on it (pickled),
    the times (seconds) of its pulls, and what each push sent (its values added up; None where unreadable).

    It offers :data:`SENDS`, :data:`CALLS` and :data:`VALUES` of ``kv`` and
    notes the time of every call of :data:`SENDS`, and of :data:`FETCHES`
    (when the call returned). Every optimizer handed to
    ``set_optimizer`` is kept pickled, as a distributed store sends it to
    its servers: what later changes to the object cannot reach. ``kv`` itself is held in a
    closure, not in an attribute, and every method is a function of this
    module that calls ``kv``'s, never ``kv``'s bound method (whose
    ``__self__`` or ``__reduce__`` would hand out ``kv``), so a loop cannot
    send around the count.
    """
    pushes: list[float] = []
    pulls: list[float] = []
    optimizers: list[bytes] = []
    sent: list[list[float] | None] = []
    clock = _CLOCK

    def sender(name: str) -> Callable[..., Any]:
        def send(*args: Any, **kwargs: Any) -> Any:
            # read before the call: a pushpull may write the pulled weights back into what it was handed
            value = _values(args[1] if len(args) > 1 else kwargs.get("value"))
            result = getattr(kv, name)(*args, **kwargs)
            pushes.append(clock())
            sent.append(None if value is None else [float(v) for v in value])
            if name in FETCHES:
                pulls.append(pushes[-1])
            return result

        send.__name__ = name
        return send

    def caller(name: str) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            result = getattr(kv, name)(*args, **kwargs)
            if name in FETCHES:
                pulls.append(clock())
            if name == "set_optimizer":
                import pickle

                try:
                    optimizers.append(pickle.dumps(args[0] if args else kwargs.get("optimizer")))
                except Exception:  # what cannot be pickled cannot reach a server either: the weights judge it
                    pass
            return result

        call.__name__ = name
        return call

    class Logged:
        __slots__ = ()

        def __getattr__(self, name: str) -> Any:
            if name in SENDS:
                return sender(name)
            if name in CALLS:
                return caller(name)
            if name in VALUES:
                return getattr(kv, name)
            raise AttributeError(
                f"the store handed to your functions has no {name!r}: it offers {', '.join((*SENDS, *CALLS, *VALUES))}"
            )

        def __repr__(self) -> str:
            return f"<the store of worker {getattr(kv, 'rank', '?')}: {getattr(kv, 'type', '?')}>"

    return Logged(), pushes, optimizers, pulls, sent


def late_step(optimizer: bytes) -> float | None:
    """How far a pickled MXNet ``optimizer`` departs from SGD at a fixed rate, as a multiple of its first step
    per unit of gradient: of its steps for a gradient of :data:`LARGE_GRADIENT` at the first update, and for a
    gradient of one at updates 2, 4, 8 ... :data:`LATE_UPDATE` of one copy (the counts in between taken as made,
    so that a learning-rate schedule sees each one it passes), each per unit of gradient, the one furthest from
    the first step for a gradient of one. 1.0 for SGD at a fixed learning rate (float32 rounding aside); a rate
    that decays, however late that starts, gives less, and so does a clipped gradient. Each step is one update
    on a weight of zero (weight decay adds nothing) by an updater of its own (no momentum carried from the one
    before). None when the object cannot be updated so (not an MXNet optimizer)."""
    import pickle

    try:
        first = -_first_step(pickle.loads(optimizer), 1.0)
        steps = [-_first_step(pickle.loads(optimizer), LARGE_GRADIENT)]
        opt = pickle.loads(optimizer)
        count = 2
        while count <= LATE_UPDATE:
            # MXNet counts the updates of each weight's index here; the schedule reads the largest count
            opt._index_update_count[KEY] = count - 1
            steps.append(-_first_step(opt, 1.0))
            count *= 2
    except Exception:  # not an optimizer MXNet can update with: the weights judge it
        return None
    if not first:
        return None
    return max((s / first for s in steps), key=lambda ratio: abs(ratio - 1))


def _rate_changes(schedule: Any) -> bool:
    """Whether an MXNet learning-rate ``schedule`` changes the rate at some update, however late (None: no
    schedule). MXNet's factor schedules change it where their factor is not 1 (a schedule with a factor of 1
    keeps the rate: plain SGD); the others are asked for their rate at their last update and far beyond (their
    rate is worked out in constant time), and a schedule of another kind counts as one that changes it."""
    import mxnet as mx

    if schedule is None:
        return False
    if isinstance(schedule, mx.lr_scheduler.MultiFactorScheduler):
        return schedule.factor != 1 and len(schedule.step) > 0
    if isinstance(schedule, mx.lr_scheduler.FactorScheduler):
        return schedule.factor != 1
    if isinstance(schedule, (mx.lr_scheduler.PolyScheduler, mx.lr_scheduler.CosineScheduler)):
        base = schedule.base_lr
        return any(schedule(n) != base for n in (2, schedule.max_update, 2**40))
    return True


#: the weight and the gradients of :func:`not_plain`'s updates in a row: large, so that a step that depends on
#: the weight or on the update before (DCASGD's lamda g^2 (w - w_before), LARS's trust ratio) departs from
#: lr g by far more than float32 rounding, however small its coefficient
IN_A_ROW = (3e3, (LARGE_GRADIENT, -0.5 * LARGE_GRADIENT, 0.75 * LARGE_GRADIENT))
#: how far (a fraction of its size) each of those steps may lie from the first step per unit of gradient times
#: its gradient, beyond IN_A_ROW_ULPS float32 spacings of the weight, the most rounding moves SGD's step there
#: (at a small rate, half a spacing of a weight of 3000 is a large share of a step)
IN_A_ROW_TOLERANCE = 1e-5
IN_A_ROW_ULPS = 4


def _first_step(opt: Any, gradient: float) -> float:
    """How far a fresh updater of MXNet optimizer ``opt`` moves a weight of zero for ``gradient``, per unit of
    gradient (negative for SGD)."""
    import mxnet as mx

    weight = mx.nd.zeros(1)
    mx.optimizer.get_updater(opt)(KEY, mx.nd.full(1, gradient), weight)
    return float(weight.asscalar()) / gradient


def _steps_in_a_row(opt: Any) -> bool:
    """Whether one updater of ``opt`` moves a weight of :data:`IN_A_ROW` by the same multiple of each of its
    gradients, update after update, as its first update moves a weight of zero per unit of gradient."""
    import mxnet as mx

    rate = _first_step(opt, 1.0)
    start, gradients = IN_A_ROW
    if abs(_first_step(opt, gradients[0]) - rate) > IN_A_ROW_TOLERANCE * abs(rate):  # clipped: late_step's
        return True
    update, weight = mx.optimizer.get_updater(opt), mx.nd.full(1, start)
    for gradient in gradients:
        before = float(weight.asscalar())
        update(KEY, mx.nd.full(1, gradient), weight)
        after = float(weight.asscalar())
        rounding = IN_A_ROW_ULPS * float(np.spacing(np.float32(max(abs(before), abs(after)))))
        if abs(after - before - rate * gradient) > IN_A_ROW_TOLERANCE * abs(rate * gradient) + rounding:
            return False
    return True


def not_plain(optimizer: bytes) -> str | None:
    """What a pickled MXNet ``optimizer`` does beyond SGD at a fixed rate that :func:`late_step` cannot see, as
    a phrase ("a learning-rate schedule ...", "..."), or None. A schedule (``lr_scheduler``) may change the
    rate later than any update late_step reaches (:func:`_rate_changes`). Weight decay and momentum, however
    small, move a weight at an update with a gradient of zero that follows one with a gradient of one (by one
    updater, on a weight of zero): SGD leaves it exactly where it was. A step that depends on the weight or on
    the update before shows in updates in a row on a weight away from zero (:func:`_steps_in_a_row`). None
    also when the object cannot be updated so (not an MXNet optimizer)."""
    import pickle

    import mxnet as mx

    try:
        opt = pickle.loads(optimizer)
        if _rate_changes(getattr(opt, "lr_scheduler", None)):
            return "a learning-rate schedule that changes the rate (its lr_scheduler)"
        update, weight = mx.optimizer.get_updater(opt), mx.nd.zeros(1)
        update(KEY, mx.nd.ones(1), weight)
        stepped = float(weight.asscalar())
        update(KEY, mx.nd.zeros(1), weight)
        if float(weight.asscalar()) != stepped:
            return "an update that moves a weight for a gradient of zero (weight decay or momentum)"
        if not _steps_in_a_row(pickle.loads(optimizer)):
            return (
                "updates whose steps depend on the weight or on the update before, not on the gradient alone "
                "(as DCASGD's or LARS's do)"
            )
    except Exception:  # not an optimizer MXNet can update with: the weights judge it
        return None
    return None


@dataclass(frozen=True)
class WorkerTrace:
    """One worker's training: per gradient, when it read its weights (s), the step, the loss there and a digest
    of the weights; the time of every push (s), the final weights, and ``start``/``end`` (s, the shared
    clock)."""

    rank: int
    kind: str
    reads: tuple[float, ...]
    steps: tuple[int, ...]
    losses: tuple[float, ...]
    pushes: tuple[float, ...]
    weights: tuple[float, ...]
    start: float
    end: float
    #: :func:`late_step` of the last optimizer the worker set on its store (a multiple of its first step); None when
    #: it set none
    late_step: float | None = None
    #: when each of the loop's pulls returned (s, the shared clock; the one before the loop is not the loop's)
    pulls: tuple[float, ...] = ()
    #: per gradient, a fingerprint of the weights it was taken at (a digest of their bytes)
    held: tuple[str, ...] = ()
    #: :func:`not_plain` of the last optimizer the worker set on its store; None when it set none or that is plain
    not_plain: str | None = None
    #: per gradient, the gradient ``gradient_at`` returned
    given: tuple[tuple[float, ...], ...] = ()
    #: per push, what it sent (its values added up); None where that could not be read
    sent: tuple[tuple[float, ...] | None, ...] = ()

    def pushed_other_than_its_gradients(self, every: int) -> int | None:
        """The first push (0, 1, ...) that did not send one fixed multiple of the sum of its ``every`` gradients
        (the same multiple for every push, within :data:`PUSH_TOLERANCE` of the sum's size): a push that leaves
        out a gradient of its group, or weighs them unequally. None when every push sent its group's sum."""
        multiples: list[float] = []
        for group, sent in enumerate(self.sent[: len(self.given) // every]):
            total = np.sum(np.asarray(self.given[group * every : group * every + every], dtype=np.float64), axis=0)
            if sent is None or len(sent) != len(total):
                return group
            value, size = np.asarray(sent, dtype=np.float64), float(np.dot(total, total))
            multiple = float(np.dot(value, total)) / size if size > 0 else 0.0
            off = float(np.linalg.norm(value - multiple * total))
            if off > PUSH_TOLERANCE * max(float(np.linalg.norm(value)), abs(multiple) * size**0.5):
                return group
            if multiples and abs(multiple - multiples[0]) > PUSH_TOLERANCE * abs(multiples[0]):
                return group
            multiples.append(multiple)
        return None

    def pulled_within_a_push(self, every: int) -> int | None:
        """The first push (0, 1, ...) whose ``every`` gradients were not all taken at the weights the worker
        held: a pull of the loop's fell between the reads of its first and its last gradient. None when none."""
        for group in range(len(self.reads) // every):
            first, last = self.reads[group * every], self.reads[group * every + every - 1]
            if any(first < pulled < last for pulled in self.pulls):
                return group
        return None

    def switched_within_a_push(self, every: int) -> int | None:
        """The first push (0, 1, ...) whose ``every`` gradients were not all taken at the same weights, however
        they came to change (a pull, a copy from a buffer pulled earlier). None when none."""
        for group in range(len(self.held) // every):
            if len(set(self.held[group * every : group * every + every])) > 1:
                return group
        return None

    @property
    def seconds(self) -> float:
        """From its first step to the end of its last, seconds."""
        return self.end - self.start


def train_worker(kv: Any, job: Mapping[str, Any], setup: Callable | None = None, loop: Callable | None = None) -> dict:
    """One worker's training on store ``kv``; ``job`` gives seed, steps, delay (s, per step) and lr.

    ``delay`` is one figure for every step, or a list with one per step.

    ``setup(kv, lr)`` and ``loop(kv, key, w, gradient_at, steps)`` default to
    the course's own; where ``job`` has ``every`` (lab 10), they are called as
    ``setup(kv, lr, every)`` and ``loop(kv, key, w, gradient_at, steps,
    every)`` (the course's :func:`setup_store` without it).
    ``gradient_at(w, step)`` reads ``w`` (which waits for
    the pull that fills it), notes the time, the loss there and a digest of
    the weights, sleeps the worker's delay (a straggler's slower computing)
    and returns the gradient as an NDArray. Returns the trace as a dict
    (JSON-ready).
    """
    import mxnet as mx

    loop = loop or worker_loop
    rank, workers = int(job.get("rank", 0)), int(job.get("workers", 1))
    steps, lr = int(job["steps"]), float(job.get("lr", LR))
    given = job.get("delay", 0.0)
    delays = [float(d) for d in given] if isinstance(given, (list, tuple)) else [float(given)] * steps
    X, y = problem(int(job["seed"]))
    every = job.get("every")
    extra = () if every is None else (int(every),)
    clock = _CLOCK
    store, pushes, optimizers, pulls, sent = _logged(kv)
    if setup is None:
        setup_store(store, lr)  # the course's optimizer takes no ``every``: it rescales by the workers alone
    else:
        setup(store, lr, *extra)
    kv.init(KEY, mx.nd.zeros(X.shape[1]))
    w = mx.nd.zeros(X.shape[1])
    kv.pull(KEY, out=w)
    w.wait_to_read()
    reads: list[float] = []
    held: list[str] = []
    seen: list[int] = []
    losses: list[float] = []
    given: list[list[float]] = []

    def gradient_at(weights: Any, step: int) -> Any:
        current = weights.asnumpy()  # waits for the pull that fills it
        reads.append(clock())
        held.append(hashlib.blake2b(current.tobytes(), digest_size=8).hexdigest())
        seen.append(int(step))
        losses.append(loss(current, X, y))
        rows = batch_rows(int(step), rank, workers)
        g = gradient(current, X[rows], y[rows])
        given.append([float(v) for v in np.asarray(g, dtype=np.float32)])  # as the NDArray handed back holds it
        delay = delays[int(step) % len(delays)] if delays else 0.0
        if delay > 0:
            _SLEEP(delay)
        return mx.nd.array(g)

    start = clock()
    loop(store, KEY, w, gradient_at, steps, *extra)
    final = w.asnumpy()
    end = clock()
    return {
        "rank": rank,
        "kind": job.get("kind", "local"),
        "reads": reads,
        "steps": seen,
        "losses": losses,
        "pushes": pushes,
        "pulls": pulls,
        "weights": [float(v) for v in final],
        "start": start,
        "end": end,
        "late_step": late_step(optimizers[-1]) if optimizers else None,
        "held": held,
        "not_plain": not_plain(optimizers[-1]) if optimizers else None,
        "given": given,
        "sent": sent,
    }


def worker_program(job: Mapping[str, Any]) -> dict:
    """A worker of :func:`run`, started by :func:`asynclab.foundation.backends.cluster.launch`: its trace.

    ``job`` is what :func:`train_worker` reads, with the worker's ``rank``,
    ``workers`` and store ``kind`` added by the launcher, and the student's
    functions: their ``source``, run here in a namespace that holds only
    ``mx``, ``nd`` and ``np`` (what a lab's setup cell imports), and the
    names of the ``setup`` and ``loop`` functions it defines (None: the
    course's own). Before they run, the worker forgets the job it read
    (:func:`asynclab.foundation.backends.fresh.payload` answers None) and
    its stdin reads nothing: the seed, the learning rate and the workers
    are the check's, not the student's to read.
    """
    import mxnet as mx

    from asynclab.foundation.backends import fresh

    if fresh._payload is not fresh._NO_PAYLOAD:
        # in a worker process, which read this job from its stdin: the student's code that runs next gets
        # neither the cached job nor a stdin to read it again (its seed would give the reference weights)
        import os

        fresh._payload = None
        quiet = os.open(os.devnull, os.O_RDONLY)
        os.dup2(quiet, 0)
        os.close(quiet)
    setup = loop = None
    if job.get("source"):
        import __future__

        import numpy as np

        space = {"__name__": "__student__", "mx": mx, "nd": mx.nd, "np": np}  # what a lab's setup cell imports
        # annotations stay unevaluated, as in a module of the course: a hint naming a type is no error
        exec(compile(job["source"], "<your code>", "exec", flags=__future__.annotations.compiler_flag), space)
        setup, loop = space.get(job.get("setup") or "", None), space.get(job.get("loop") or "", None)
    kv = mx.kv.create(job["kind"])
    return train_worker(kv, job, setup, loop)


@dataclass(frozen=True)
class DistRun:
    """A training run: its store ``kind``, the workers' traces in rank order, and ``seconds`` in all
    (the processes' start included)."""

    kind: str
    workers: tuple[WorkerTrace, ...]
    seconds: float
    seed: int

    @property
    def start(self) -> float:
        """The first worker's first step (s, the shared clock)."""
        return min(w.start for w in self.workers)

    @property
    def training_seconds(self) -> float:
        """From the first worker's first step to the last worker's end, seconds."""
        return max(w.end for w in self.workers) - self.start

    def final_weights(self) -> np.ndarray:
        """Worker 0's weights at its end."""
        return np.asarray(self.workers[0].weights, dtype=np.float32)


def _trace(result: Mapping[str, Any]) -> WorkerTrace:
    return WorkerTrace(
        int(result["rank"]),
        str(result["kind"]),
        tuple(result["reads"]),
        tuple(result["steps"]),
        tuple(result["losses"]),
        tuple(result["pushes"]),
        tuple(result["weights"]),
        float(result["start"]),
        float(result["end"]),
        None if result.get("late_step") is None else float(result["late_step"]),
        tuple(result.get("pulls", ())),
        tuple(result.get("held", ())),
        None if result.get("not_plain") is None else str(result["not_plain"]),
        tuple(tuple(g) for g in result.get("given", ())),
        tuple(None if v is None else tuple(v) for v in result.get("sent", ())),
    )


def function_source(fn: Any, what: str) -> str:
    """The source of a function defined with ``def`` (in a module or a notebook cell), to run in a worker."""
    import inspect
    import textwrap

    if not callable(fn) or not hasattr(fn, "__code__"):
        raise TypeError(f"{what} must be a function defined with def, not {type(fn).__name__}.")
    if fn.__name__ == "<lambda>":
        raise TypeError(f"{what} must be a function defined with def, not a lambda: its source is sent to the workers.")
    if inspect.unwrap(fn) is not fn:  # functools.wraps: inspect.getsource would read the function it wraps
        raise TypeError(
            f"{what} must be the function defined with def itself, not a wrapper of another one (its __wrapped__): "
            "its own source is sent to the workers."
        )
    try:
        source = textwrap.dedent(inspect.getsource(fn))
    except (OSError, TypeError):
        raise TypeError(f"the source of {what} cannot be read: define it with def in a cell of its own.") from None
    if not _compiles_to(source, fn):
        raise TypeError(
            f"the source of {what} that can be read is not the code of {what}: define it with def in a cell of its "
            "own, and run that cell."
        )
    return source


def _compiles_to(source: str, fn: Any) -> bool:
    """Whether ``source`` defines a function named as ``fn`` whose bytecode is ``fn``'s: what is sent to the
    workers is what the caller runs (a cell's text changed after it ran, in ``linecache``, is not). A function
    that closes over names of another is not compared (compiled alone, its free names read differently)."""
    import types

    if fn.__code__.co_freevars:
        return True
    try:
        module = compile(source, "<source>", "exec")
    except SyntaxError:
        return False
    todo = [module]
    while todo:
        code = todo.pop()
        if code.co_name == fn.__name__ and code.co_code == fn.__code__.co_code:
            return True
        todo.extend(c for c in code.co_consts if isinstance(c, types.CodeType))
    return False


def run(
    kind: str,
    *,
    steps: int | Sequence[int],
    delays: Sequence[float | Sequence[float]] = (0.0, 0.0),
    seed: int = 0,
    lr: float = LR,
    setup: Callable | None = None,
    loop: Callable | None = None,
    every: int | None = None,
    timeout: float = 120.0,
) -> DistRun:
    """Train on a ``kind`` store (``dist_sync``, ``dist_async``) with one worker per entry of ``delays``.

    ``delays`` are each worker's extra seconds per step (one figure, or a
    sequence with one per step); ``steps`` is one
    count for all, or (``dist_async`` only) one per worker. ``setup(kv, lr)``
    and ``loop(kv, key, w, gradient_at, steps)`` replace the course's
    :func:`setup_store` and :func:`worker_loop`: their source is sent to the
    workers, where ``mx``, ``nd`` and ``np`` are defined and nothing else of
    the caller's. ``every`` (gradients per push) is handed to both as their
    last argument, ``setup(kv, lr, every)`` and ``loop(kv, key, w,
    gradient_at, steps, every)``, when it is given. Raises :class:`~asynclab.foundation.backends.cluster.ClusterError`
    with one sentence when a process fails or the time runs out.
    """
    parts = [function_source(fn, what) for fn, what in ((setup, "setup"), (loop, "loop")) if fn is not None]
    source = "\n\n".join(parts) or None
    counts = [int(steps)] * len(delays) if isinstance(steps, (int, np.integer)) else [int(s) for s in steps]
    if len(counts) != len(delays):
        raise ValueError(f"steps must give one count per worker ({len(delays)}), got {len(counts)}.")
    for d, n in zip(delays, counts):
        if not isinstance(d, (int, float, np.floating)) and len(d) != n:
            raise ValueError(f"a worker's delays per step must give one per step ({n}), got {len(d)}.")
    if min(counts) < 1:
        raise ValueError(f"every worker needs at least one step, got {counts}.")
    if kind != "dist_async" and len(set(counts)) > 1:
        raise ValueError(
            f"on {kind} every worker must take the same number of steps (each round waits for all "
            f"of them), got {counts}."
        )
    jobs = [
        {
            "seed": int(seed),
            "steps": n,
            "delay": float(d) if isinstance(d, (int, float, np.floating)) else [float(x) for x in d],
            "lr": float(lr),
            "source": source,
            "setup": setup.__name__ if setup else None,
            "loop": loop.__name__ if loop else None,
            "every": None if every is None else int(every),
        }
        for n, d in zip(counts, delays)
    ]
    done = cluster.launch(f"{__name__}:worker_program", kind=kind, workers=len(jobs), payloads=jobs, timeout=timeout)
    return DistRun(kind, tuple(_trace(w.result) for w in done.workers), done.seconds, int(seed))


def run_local(*, steps: int, seed: int = 0, lr: float = LR) -> DistRun:
    """The baseline: one process, MXNet's ``local`` store, one worker on the batch of one worker."""
    import mxnet as mx

    start = time.perf_counter()
    result = train_worker(mx.kv.create("local"), {"seed": seed, "steps": steps, "lr": lr, "kind": "local"})
    return DistRun("local", (_trace(result),), time.perf_counter() - start, int(seed))


def staleness(run: DistRun) -> list[list[int]]:
    """Per worker, per gradient: the pushes of the other workers between its read of the weights and its push.

    In asynchronous SGD every push is applied as it arrives, so that count
    is the number of updates the gradient missed. (Synchronous SGD applies
    the round's pushes together: its staleness is 0 by construction.)
    """
    out = []
    for trace in run.workers:
        others = np.sort(
            np.concatenate([np.asarray(w.pushes) for w in run.workers if w.rank != trace.rank] or [np.zeros(0)])
        )
        counts = []
        for read, push in zip(trace.reads, trace.pushes):
            counts.append(int(np.searchsorted(others, push) - np.searchsorted(others, read)))
        out.append(counts)
    return out
