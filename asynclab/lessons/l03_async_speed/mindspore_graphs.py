"""Lesson 03's graph experiment in MindSpore: PyNative against ``@mindspore.jit`` and ``ops.ForiLoop``.

The same chain as :mod:`asynclab.lessons.l03_async_speed.graphs`, ``x = x + 1`` ``ops`` times on ten
float32 elements, run three ways on MindSpore's CPU build:

- ``pynative``: MindSpore's default mode, one operator issued per Python call (lesson 03's ``N·t1``);
- ``jit``: the same Python function compiled by ``mindspore.jit``; the Python loop is unrolled into a
  graph of ``ops`` additions;
- ``fori``: ``mindspore.ops.ForiLoop`` with ``unroll=False`` inside a compiled function: one loop node in
  the graph instead of ``ops`` copies of its body.

:func:`measure` runs each in a fresh process per round (a first call compiles only once per process
and function), timing the first call (compilation included) and then, interleaved, ``calls`` later
calls issued only and issued then waited for; figures per call. MindSpore is not installed by
``make test`` (``make lab`` installs it): :func:`costs` measures where it is installed and otherwise
returns the figures stored with the course (:data:`REFERENCE`), with the machine that measured them.
Seconds throughout.
"""

from __future__ import annotations

import importlib.util
import json
import math
import platform
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from asynclab.foundation.timing import Samples, per_call, run_interleaved, summarize

__all__ = ["MsGraphCosts", "WAYS", "available", "costs", "measure", "reference", "save_reference"]

WAYS = ("pynative", "jit", "fori")
KINDS = ("first", "issue", "total")  # the first call (compiling included), then later calls issued, and finished
REFERENCE = Path(__file__).resolve().parent / "mindspore_graphs_reference.json"
_LABELS = {"pynative": "PyNative", "jit": "@mindspore.jit", "fori": "ForiLoop in jit"}


@dataclass(frozen=True)
class MsGraphCosts:
    """Per-call seconds of a chain of ``ops`` additions, each way: ``samples[way][kind]`` (:data:`KINDS`)."""

    ops: int
    samples: dict[str, dict[str, Samples]]
    machine: dict[str, str]  # where and when, and whether this run measured them ("measured here")

    def median(self, way: str, kind: str) -> float:
        return self.samples[way][kind].median

    def break_even_calls(self, way: str) -> float:
        """Calls after which ``way``'s first call has paid for itself against PyNative's finished calls."""
        extra = self.median(way, "first") - self.median(way, "total")
        saved = self.median("pynative", "total") - self.median(way, "total")
        return extra / saved if saved > 0 else float("inf")

    def source(self) -> str:
        """One line: measured on this machine, or the stored figures with where, when and by what."""
        m = self.machine
        if m.get("by") == "measured here":
            return f"measured here ({m['cpu']}, {m['os']}, MindSpore {m['mindspore']})"
        return (
            f"MindSpore is not installed here (make lab installs it): figures measured on {m['cpu']} "
            f"({m['os']}, MindSpore {m['mindspore']}) on {m['date']} by {m['by']}; measured again by: {m['command']}"
        )

    def table(self) -> str:
        us = 1e6
        lines = [
            f"a chain of {self.ops} tiny operations (x = x + 1) in MindSpore {self.machine.get('mindspore', '?')}:"
        ]
        lines.append(f"  {'':<18}{'first call':>14}{'later, issued':>16}{'later, finished':>18}")
        for way in WAYS:
            first, issue, total = (self.median(way, k) * us for k in KINDS)
            lines.append(f"  {_LABELS[way]:<18}{first:>11.0f} µs{issue:>13.1f} µs{total:>15.1f} µs")
        spread = ", ".join(
            f"{_LABELS[w]} {self.samples[w]['total'].q1 * us:.0f}-{self.samples[w]['total'].q3 * us:.0f} µs"
            for w in WAYS
        )
        lines.append(f"  a later call, finished, quartiles: {spread}")
        for way in ("jit", "fori"):
            calls = self.break_even_calls(way)
            paid = f"paid back after {calls:.0f} calls" if math.isfinite(calls) else "never paid back"
            lines.append(
                f"  {_LABELS[way]}: a later call finished in {self.median(way, 'total') / self.median('pynative', 'total'):.2f}"
                f" of PyNative's time; its first call is {paid}"
            )
        return "\n".join(lines)


def available() -> bool:
    """Whether MindSpore can be imported here."""
    return importlib.util.find_spec("mindspore") is not None


def _child(job: Mapping) -> dict:
    """In a fresh process: one first call of each way, then ``rounds`` interleaved rounds of ``calls`` calls.

    Returns ``{"ways": {way: {kind: [seconds, ...]}}, "results": [jit's, ForiLoop's first element]}``.
    """
    import mindspore as ms
    import numpy as np
    from mindspore import ops

    from asynclab.foundation.backends.mindspore import sync_all

    ops_n, calls, rounds = int(job["ops"]), int(job["calls"]), int(job["rounds"])
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    x = ms.Tensor(np.ones(10, dtype=np.float32))

    def chain(value):
        for _ in range(ops_n):
            value = value + 1
        return value

    def step(i, value):
        return value + 1

    fori = ops.ForiLoop()

    def looped(value):
        return fori(0, ops_n, step, value, unroll=False)

    ways = {"pynative": chain, "jit": ms.jit(chain), "fori": ms.jit(looped)}
    out: dict[str, dict[str, list[float]]] = {way: {} for way in ways}
    for way, fn in ways.items():
        sync_all()
        start = time.perf_counter()
        fn(x).asnumpy()
        out[way]["first"] = [time.perf_counter() - start]

    def finished(y) -> None:
        y.asnumpy()

    probes = {
        f"{way}:{kind}": per_call(
            lambda fn=fn: fn(x), calls, settle=sync_all, wait=finished if kind == "total" else None
        )
        for way, fn in ways.items()
        for kind in ("issue", "total")
    }
    run = run_interleaved(probes, warmup=1, min_rounds=rounds)
    for name, values in run.samples.items():
        way, kind = name.split(":")
        out[way][kind] = list(values)
    return {"ways": out, "results": [float(ways["jit"](x).asnumpy()[0]), float(ways["fori"](x).asnumpy()[0])]}


def measure(
    ops: int = 100, calls: int = 20, rounds: int = 5, processes: int = 3, timeout: float = 300.0
) -> MsGraphCosts:
    """Measure in ``processes`` fresh processes (each one first call per way, ``rounds`` rounds of ``calls`` calls)."""
    if min(ops, calls, rounds, processes) < 1:
        raise ValueError("ops, calls, rounds and processes must be at least 1.")
    if not available():
        raise RuntimeError("MindSpore is not installed here (make lab installs it): use costs(), which falls back")
    import mindspore

    from asynclab.foundation.backends.fresh import run_program

    found: dict[str, dict[str, list[float]]] = {way: {kind: [] for kind in KINDS} for way in WAYS}
    for _ in range(processes):
        result = run_program(
            f"{__name__}:_child",
            payload={"ops": ops, "calls": calls, "rounds": rounds},
            timeout=timeout,
            what="MindSpore's graph experiment",
        ).result
        if result["results"] != [1.0 + ops] * 2:
            raise RuntimeError("MindSpore's compiled chains did not compute 1 + ops: the experiment is wrong")
        for way in WAYS:
            for kind in KINDS:
                found[way][kind].extend(result["ways"][way][kind])
    machine = {
        "cpu": platform.processor() or platform.machine(),
        "os": f"{platform.system()} {platform.machine()}, Python {platform.python_version()}",
        "mindspore": mindspore.__version__,
        "date": time.strftime("%Y-%m-%d"),
        "by": "measured here",
    }
    return MsGraphCosts(ops, {w: {k: summarize(v) for k, v in kinds.items()} for w, kinds in found.items()}, machine)


def save_reference(result: MsGraphCosts, machine: Mapping[str, str], path: Path = REFERENCE) -> None:
    """Store ``result`` as the course's reference figures; ``machine`` says where, when and by what command."""
    where = {**result.machine, **machine}
    for key in ("cpu", "os", "date", "by"):
        if not where.get(key):
            raise ValueError(f"machine needs a {key!r} entry, saying where and when the figures were measured.")
    data = {
        "machine": where,
        "ops": result.ops,
        "samples": {w: {k: list(s.values) for k, s in kinds.items()} for w, kinds in result.samples.items()},
    }
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def reference(path: Path = REFERENCE) -> MsGraphCosts:
    """The figures stored with the course, with the machine that measured them."""
    data = json.loads(path.read_text("utf-8"))
    samples = {w: {k: summarize(v) for k, v in kinds.items()} for w, kinds in data["samples"].items()}
    return MsGraphCosts(int(data["ops"]), samples, dict(data["machine"]))


def costs() -> MsGraphCosts:
    """Measured here where MindSpore is installed; otherwise the stored reference (:func:`reference`)."""
    return measure() if available() else reference()
