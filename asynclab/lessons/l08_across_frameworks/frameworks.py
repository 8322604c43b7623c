"""Lesson 08's helper: the course's three questions asked of each framework, in fresh processes.

1. Does a call return before its work is done? (enqueue vs finish of one
   N x N float32 product)
2. Which calls wait for the back end? (each candidate call timed right after
   a product was launched)
3. What switches the asynchrony off, and what does it cost? (the same
   measurements in a process started with the framework's switch, and the
   per-operation time of a loop of tiny operations with and without a wait
   after each)

Each framework is measured in a process of its own, once as it comes and
once with its switch, so that frameworks do not share threads or memory and
a switch read at start-up takes effect. Each process runs one program,
:func:`_measure_child`, on the pieces a :class:`Framework` makes (its
:class:`Kit`), started with :func:`asynclab.foundation.backends.fresh.run_benchmarked`,
which brings back every ``Benchmark`` it finished. Seconds throughout.
"""

from __future__ import annotations

import importlib.util
import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from asynclab.foundation.backends.fresh import SnippetRun, run_benchmarked
from asynclab.foundation.timing import Samples, quartiles

__all__ = [
    "Framework",
    "Kit",
    "FRAMEWORKS",
    "CORE",
    "available",
    "Measured",
    "measure",
    "measure_all",
    "table",
    "WAIT_SHARE",
    "to_dict",
    "from_dict",
    "reference",
    "save_reference",
    "gpu_tiny_ops",
]

WAIT_SHARE = 0.5  # a call "waits" when it takes at least this share of the product's finish time


@dataclass(frozen=True)
class Kit:
    """One framework's pieces, made in the process that measures it, after the framework's import.

    ``x`` is an ``n`` x ``n`` float32 matrix and ``t`` a one-element float32
    array; ``product(x, x)`` issues the product of ``x`` with itself and
    returns it; ``wait(a)`` waits for the array ``a`` and ``wait_all()``
    for everything queued (both None where nothing is ever pending);
    ``names`` are the modules a call of :attr:`Framework.calls` may use,
    under the names it uses.
    """

    x: Any
    t: Any
    product: Callable[[Any, Any], Any]
    wait: Callable[[Any], object] | None
    wait_all: Callable[[], object] | None
    names: dict[str, Any]


def _numpy_kit(n: int) -> Kit:
    """NumPy: ``x = np.ones((n, n), dtype=np.float32)``, ``t = np.ones(1, dtype=np.float32)``, ``x @ x``;
    nothing is ever pending."""
    import numpy as np

    return Kit(np.ones((n, n), dtype=np.float32), np.ones(1, dtype=np.float32), operator.matmul, None, None, {"np": np})


def _mxnet_kit(n: int) -> Kit:
    """MXNet on the device d2l chooses, ``device = d2l.try_gpu()`` (GPU 0 where MXNet sees one, else the
    CPU): ``x = mx.nd.ones((n, n), ctx=device)``, ``t = mx.nd.ones((1,), ctx=device)``, ``mx.nd.dot(x, x)``;
    waits with ``a.wait_to_read()`` and ``mx.nd.waitall()``."""
    import mxnet as mx
    from d2l import mxnet as d2l

    device = d2l.try_gpu()
    return Kit(
        mx.nd.ones((n, n), ctx=device),
        mx.nd.ones((1,), ctx=device),
        mx.nd.dot,
        mx.nd.NDArray.wait_to_read,
        mx.nd.waitall,
        {"mx": mx},
    )


def _torch_kit(n: int) -> Kit:
    """PyTorch: ``x = torch.ones(n, n)``, ``t = torch.ones(1)``, ``x @ x``; waits with ``tb.sync(a)`` and
    ``tb.sync_all()`` (:mod:`asynclab.foundation.backends.torch`)."""
    import torch

    from asynclab.foundation.backends import torch as tb

    return Kit(torch.ones(n, n), torch.ones(1), operator.matmul, tb.sync, tb.sync_all, {"torch": torch, "tb": tb})


def _mindspore_kit(n: int) -> Kit:
    """MindSpore: ``x = ms.Tensor(np.ones((n, n), dtype=np.float32))``, ``t`` likewise of one element,
    ``ops.matmul(x, x)``; waits with ``msb.sync(a)`` and ``msb.sync_all()``
    (:mod:`asynclab.foundation.backends.mindspore`)."""
    import mindspore as ms
    import numpy as np
    from mindspore import ops

    from asynclab.foundation.backends import mindspore as msb

    return Kit(
        ms.Tensor(np.ones((n, n), dtype=np.float32)),
        ms.Tensor(np.ones(1, dtype=np.float32)),
        ops.matmul,
        msb.sync,
        msb.sync_all,
        {"np": np, "ms": ms, "ops": ops, "msb": msb},
    )


def _mindspore_synchronize() -> None:
    """MindSpore's switch: every call waits for its operator (before the first operator of the process)."""
    import mindspore

    mindspore.set_context(pynative_synchronize=True)


@dataclass(frozen=True)
class Framework:
    """How to ask the three questions of one framework.

    ``make(n)`` imports the framework and makes its :class:`Kit` (the
    matrix, the one-element array, the product and the waits); each
    function's docstring says what it makes. ``calls`` are the candidate
    calls of question 2, each a statement over ``y`` and the kit's names.
    ``env`` and ``prologue`` (called before anything else in the process)
    switch asynchrony off in a fresh process; ``switch`` says how, in words.
    """

    name: str
    module: str
    make: Callable[[int], Kit]
    calls: tuple[str, ...]
    switch: str
    env: Mapping[str, str] = field(default_factory=dict)
    prologue: Callable[[], None] | None = None
    note: str = ""


FRAMEWORKS: dict[str, Framework] = {
    "NumPy": Framework(
        "NumPy",
        "numpy",
        _numpy_kit,
        calls=("y.shape", "y.sum()", "repr(y)"),
        switch="none needed",
        note="computes before every call returns",
    ),
    "MXNet": Framework(
        "MXNet",
        "mxnet",
        _mxnet_kit,
        calls=(
            "y.shape",
            "y.context",
            "y.wait_to_read()",
            "mx.nd.waitall()",
            "y.asnumpy()",
            "y[0, 0].asscalar()",
            "repr(y)",
        ),
        switch="MXNET_ENGINE_TYPE=NaiveEngine",
        env={"MXNET_ENGINE_TYPE": "NaiveEngine"},
    ),
    "PyTorch": Framework(
        "PyTorch",
        "torch",
        _torch_kit,
        calls=("y.shape", "y.device", "tb.sync(y)", "y.sum().item()", "y.numpy()", "repr(y)"),
        switch="CUDA_LAUNCH_BLOCKING=1",
        env={"CUDA_LAUNCH_BLOCKING": "1"},
        note="on the CPU every operator runs before the call returns; the switch acts on CUDA only",
    ),
    "MindSpore": Framework(
        "MindSpore",
        "mindspore",
        _mindspore_kit,
        calls=(
            "y.shape",
            "y.asnumpy()",
            "repr(y)",
            "y[0, 0].item()",
            "ms.hal.synchronize()",
            "ms.runtime.synchronize()",
        ),
        switch="set_context(pynative_synchronize=True)",
        prologue=_mindspore_synchronize,
        note="PyNative queues every operator, on the CPU too; runtime.synchronize() does not wait on the CPU",
    ),
}
#: Frameworks the lesson's main table always measures (installed by make test); the others when present.
CORE = ("NumPy", "MXNet", "PyTorch")


def available() -> list[str]:
    """The frameworks of :data:`FRAMEWORKS` installed here, in order."""
    return [name for name, fw in FRAMEWORKS.items() if importlib.util.find_spec(fw.module) is not None]


def _measure_child(job: Mapping[str, Any]) -> None:
    """In a fresh process: the three questions asked of one framework, each figure a ``Benchmark``.

    ``job`` names the ``framework``, whether it runs ``switched`` (its
    prologue first; its environment was set by the parent), the side ``n``
    of the product, the ``rounds`` of every measurement and the ``ops``
    tiny operations (``t + 1``) of each round of question 3. Benchmarks
    (seconds): ``enqueue`` inside ``finish``, ``call<i>`` for ``calls[i]``,
    ``tiny.queued`` (the operations, then one wait) and ``tiny.waited`` (a
    wait after each); :func:`~asynclab.foundation.backends.fresh.run_benchmarked`
    brings them back.
    """
    from asynclab.foundation.timing import Benchmark

    fw = FRAMEWORKS[job["framework"]]
    if job["switched"] and fw.prologue is not None:
        fw.prologue()
    rounds, ops = int(job["rounds"]), int(job["ops"])
    kit = fw.make(int(job["n"]))
    x, t, product, wait = kit.x, kit.t, kit.product, kit.wait

    def wait_all() -> None:
        if kit.wait_all is not None:
            kit.wait_all()

    for _ in range(2):  # warm-up: start the library's threads and pools
        y = product(x, x)
        wait_all()
    for _ in range(rounds):
        wait_all()
        with Benchmark("finish", quiet=True):
            with Benchmark("enqueue", quiet=True):
                y = product(x, x)
            if wait is not None:
                wait(y)
    del y  # from here on the product lives in ``space``
    space = dict(kit.names)  # what a call may name: the framework's modules and y
    for index, call in enumerate(fw.calls):
        for _ in range(rounds):
            wait_all()
            with Benchmark(f"ref{index}", quiet=True):  # the yardstick, next to the call it judges
                y = product(x, x)
                if wait is not None:
                    wait(y)
            del y
            wait_all()
            space["y"] = product(x, x)
            with Benchmark(f"call{index}", quiet=True):
                exec(call, space)
            wait_all()
    for _ in range(rounds):
        wait_all()
        with Benchmark("tiny.queued", quiet=True):
            for _ in range(ops):
                t = t + 1
            if wait is not None:
                wait(t)
        with Benchmark("tiny.waited", quiet=True):
            if wait is None:
                for _ in range(ops):
                    t = t + 1
            else:
                for _ in range(ops):
                    t = t + 1
                    wait(t)


def _samples(run: SnippetRun, label: str) -> Samples:
    return Samples(tuple(run.samples(label)))


@dataclass(frozen=True)
class Measured:
    """One framework in one process: ``switched`` says whether its switch was on. Seconds."""

    framework: str
    switched: bool
    n: int
    enqueue: Samples
    finish: Samples
    calls: dict[str, Samples]
    tiny_queued: Samples  # per operation, OPS operations then one wait
    tiny_waited: Samples  # per operation, a wait after each
    # per call: a product launched and waited for, timed in the same rounds as the call (its yardstick)
    refs: dict[str, Samples] = field(default_factory=dict)

    @property
    def ratio(self) -> float:
        """Median finish over median enqueue: far above 1 when the call returns early."""
        return self.finish.median / self.enqueue.median if self.enqueue.median > 0 else float("inf")

    @property
    def returns_early(self) -> bool:
        """Whether the call returned before its work was done (finish at least 10x enqueue)."""
        return self.ratio >= 10

    def waits(self, call: str) -> bool:
        """Whether ``call``, made right after a product was launched, waited for it.

        Where the launch does not return early the product is done before any
        call is made, so no call can wait for it: a slow call there is slow
        work of its own (a run of make test read PyTorch's ``repr`` of the
        1000x1000 result, formatting it, at half the product's time under load).
        Otherwise the call is compared with the product's finish time measured
        in the same rounds as the call, so that a machine busier in one phase
        than in another does not move the verdict (a lesson run once read a
        waiting call as not waiting when the finish times of an earlier, busier
        phase were the yardstick).
        """
        if not self.returns_early:
            return False
        ref = self.refs.get(call, self.finish)
        return self.calls[call].median >= WAIT_SHARE * ref.median


def measure(
    name: str, *, switched: bool = False, n: int = 1000, rounds: int = 5, ops: int = 200, timeout: float = 180.0
) -> Measured:
    """Ask the three questions of framework ``name`` in a fresh process (with its switch when ``switched``)."""
    if name not in FRAMEWORKS:
        raise ValueError(f"unknown framework {name!r}; the lesson knows {', '.join(FRAMEWORKS)}.")
    if name not in available():
        raise ValueError(f"{name} is not installed here (no module {FRAMEWORKS[name].module!r}).")
    for what, value in (("n", n), ("rounds", rounds), ("ops", ops)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{what} must be a positive whole number, got {value!r}.")
    fw = FRAMEWORKS[name]
    env = dict(fw.env) if switched else {}
    run = run_benchmarked(
        f"{__name__}:_measure_child",
        payload={"framework": name, "switched": switched, "n": n, "rounds": rounds, "ops": ops},
        env=env,
        timeout=timeout,
        what=f"{name} {'with ' + fw.switch if switched else 'as it comes'}",
    )
    calls = {call: _samples(run, f"call{i}") for i, call in enumerate(fw.calls)}
    queued = Samples(tuple(v / ops for v in run.samples("tiny.queued")))
    waited = Samples(tuple(v / ops for v in run.samples("tiny.waited")))
    refs = {call: _samples(run, f"ref{i}") for i, call in enumerate(fw.calls)}
    return Measured(name, switched, n, _samples(run, "enqueue"), _samples(run, "finish"), calls, queued, waited, refs)


def _samples_dict(s: Samples) -> list[float]:
    return [float(v) for v in s.values]


def to_dict(m: Measured) -> dict:
    """A :class:`Measured` as plain JSON-ready data (seconds)."""
    data = {
        "framework": m.framework,
        "switched": m.switched,
        "n": m.n,
        "enqueue": _samples_dict(m.enqueue),
        "finish": _samples_dict(m.finish),
        "calls": {c: _samples_dict(s) for c, s in m.calls.items()},
        "tiny_queued": _samples_dict(m.tiny_queued),
        "tiny_waited": _samples_dict(m.tiny_waited),
    }
    if m.refs:  # a reference file written before the yardsticks has none
        data["refs"] = {c: _samples_dict(v) for c, v in m.refs.items()}
    return data


def from_dict(data: Mapping) -> Measured:
    """The inverse of :func:`to_dict`."""

    def s(values) -> Samples:
        return Samples(tuple(float(v) for v in values))

    return Measured(
        str(data["framework"]),
        bool(data["switched"]),
        int(data["n"]),
        s(data["enqueue"]),
        s(data["finish"]),
        {c: s(v) for c, v in data["calls"].items()},
        s(data["tiny_queued"]),
        s(data["tiny_waited"]),
        {c: s(v) for c, v in data.get("refs", {}).items()},  # a reference file from before refs: the finish
    )


REFERENCE = "frameworks_reference.json"


def reference_path():
    from pathlib import Path

    return Path(__file__).resolve().parent / REFERENCE


def reference() -> tuple[dict, list[Measured], dict]:
    """Figures stored with the course for frameworks ``make test`` does not install (MindSpore).

    Returns (the machine they were measured on, the measurements, the
    framework's own facts such as :func:`asynclab.foundation.backends.mindspore.facts`).
    """
    import json

    data = json.loads(reference_path().read_text("utf-8"))
    return data["machine"], [from_dict(m) for m in data["measured"]], data.get("facts", {})


def save_reference(
    results: Sequence[Measured], machine: Mapping[str, str], facts: Mapping | None = None, path=None
) -> None:
    """Store ``results`` (and ``facts``) as the course's reference figures, with the machine that measured them.

    How the stored file was made, in a Python that has MindSpore::

        from asynclab.lessons.l08_across_frameworks import frameworks
        from asynclab.foundation.backends import mindspore as msb
        frameworks.save_reference(frameworks.measure_all(["MindSpore"]), {...}, msb.facts())
    """
    import json

    for key in ("cpu", "os", "date", "by"):
        if not machine.get(key):
            raise ValueError(f"machine needs a {key!r} entry, saying where and when the figures were measured.")
    data = {"machine": dict(machine), "measured": [to_dict(r) for r in results], "facts": dict(facts or {})}
    (path or reference_path()).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def measure_all(names: Sequence[str] | None = None, **options) -> list[Measured]:
    """Every installed framework (or ``names``), as it comes and with its switch (two processes each).

    No progress bar: without ipywidgets, tqdm writes to stderr, which nbval
    counts as output; the whole run takes about half a minute.
    """
    names = list(names) if names is not None else available()
    return [measure(name, switched=switched, **options) for name in names for switched in (False, True)]


def _ms(samples: Samples, scale: float = 1e3) -> str:
    q1, q2, q3 = quartiles(samples.values)
    return f"{scale * q2:.2f} [{scale * q1:.2f}-{scale * q3:.2f}]"


def table(results: Sequence[Measured]) -> str:
    """The measurements as a Markdown table: medians in ms (µs per tiny op), quartiles in brackets.

    No column is padded, so the text stays the same when only its numbers change.
    """
    lines = [
        "| framework | switch | enqueue ms | finish ms | returns early | tiny op µs, queued | "
        "tiny op µs, a wait after each |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in results:
        switch = f"`{FRAMEWORKS[r.framework].switch}`" if r.switched else "as it comes"
        lines.append(
            f"| {r.framework} | {switch} | {_ms(r.enqueue)} | {_ms(r.finish)} | "
            f"{'yes' if r.returns_early else 'no'} | {1e6 * r.tiny_queued.median:.2f} | "
            f"{1e6 * r.tiny_waited.median:.2f} |"
        )
    return "\n".join(lines)


def gpu_tiny_ops(count: int = 2000, rounds: int = 5) -> dict[str, Samples] | None:
    """Seconds per tiny CUDA operation (``y = y + 1`` on one element), as it comes and with a wait
    after each; None without CUDA.

    ``queued``: ``count`` operations issued, one ``torch.cuda.synchronize()`` at the end, divided by
    ``count``: what issuing costs the front end once the GPU keeps up. ``synchronize after each``:
    the same loop with ``torch.cuda.synchronize()`` after every operation: issuing, running and the
    round trip of the wait, each time.
    """
    try:
        import torch
    except ImportError:
        return None
    if not torch.cuda.is_available():
        return None
    import time

    from asynclab.foundation.timing import interleave

    y = torch.zeros(1, device="cuda")

    def loop(wait_each: bool) -> Callable[[], float]:
        def probe() -> float:
            nonlocal y
            torch.cuda.synchronize()
            start = time.perf_counter()
            for _ in range(count):
                y = y + 1
                if wait_each:
                    torch.cuda.synchronize()
            torch.cuda.synchronize()
            return (time.perf_counter() - start) / count

        return probe

    return interleave({"queued": loop(False), "synchronize after each": loop(True)}, rounds=rounds)
