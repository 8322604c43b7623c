"""Lesson 03's graph experiment: taking the front end out of the loop with Gluon's ``hybridize()``.

A :class:`Chain` block applies ``x = x + 1`` ``ops`` times, the lesson's tiny
operation. Called as it is (imperative), Python issues every one of the
``ops`` operations: the front end's ``ops * t1``. After ``hybridize()`` the
first call traces the Python code into a symbolic graph and builds a cached
operator (MXNet's ``CachedOp``); every later call is one call from Python,
and MXNet's C++ side pushes the graph's operations itself.

:func:`graph_costs` measures, interleaved, the time per call of the
imperative block and of the hybridized one, each issued only and issued then
finished, and the first call of freshly hybridized blocks (tracing and
building included). Seconds throughout. Lesson layer.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import mxnet as mx
from mxnet import gluon, nd

from asynclab.foundation.timing import Samples, per_call, run_interleaved, summarize

__all__ = ["Chain", "GraphCosts", "graph_costs", "make_chain"]


class Chain(gluon.HybridBlock):
    """``ops`` tiny operations in a row: ``x = x + 1``, as in the lesson's loops."""

    def __init__(self, ops: int) -> None:
        super().__init__()
        if ops < 1:
            raise ValueError(f"ops must be at least 1, got {ops}.")
        self.ops = ops

    def hybrid_forward(self, F, x):  # noqa: N803 (Gluon's name for the namespace)
        for _ in range(self.ops):
            x = x + 1
        return x


def make_chain(ops: int, hybridize: bool) -> Chain:
    """A :class:`Chain` of ``ops`` operations, hybridized (static memory and shapes) or not."""
    block = Chain(ops)
    block.initialize()
    if hybridize:
        block.hybridize(static_alloc=True, static_shape=True)
    return block


@dataclass(frozen=True)
class GraphCosts:
    """Per-call times of one chain of ``ops`` tiny operations, imperative and hybridized, in seconds."""

    ops: int
    imperative_issue: Samples  # the call returns: Python has issued every operation
    imperative_total: Samples  # the call and a wait for its result
    hybrid_issue: Samples
    hybrid_total: Samples
    first_call: Samples  # a freshly hybridized block's first call, with its wait: tracing and building

    @property
    def issue_per_op(self) -> tuple[float, float]:
        """Median issuing time per operation: (imperative, hybridized)."""
        return self.imperative_issue.median / self.ops, self.hybrid_issue.median / self.ops

    @property
    def speedup(self) -> float:
        """Imperative over hybridized, per call issued and finished (medians)."""
        return self.imperative_total.median / self.hybrid_total.median

    @property
    def break_even_calls(self) -> float:
        """Calls after which the first call's extra cost is paid back by the faster later calls."""
        extra = self.first_call.median - self.hybrid_total.median
        saved = self.imperative_total.median - self.hybrid_total.median
        return extra / saved if saved > 0 else float("inf")

    def table(self) -> str:
        imp, hyb = self.issue_per_op
        us = 1e6
        return "\n".join(
            [
                f"a chain of {self.ops} tiny operations (x = x + 1), per call:",
                f"  imperative, issued      {self.imperative_issue.median * us:9.1f} µs  ({imp * us:.2f} µs per op)",
                f"  imperative, finished    {self.imperative_total.median * us:9.1f} µs",
                f"  hybridized, issued      {self.hybrid_issue.median * us:9.1f} µs  ({hyb * us:.2f} µs per op)",
                f"  hybridized, finished    {self.hybrid_total.median * us:9.1f} µs",
                f"  hybridized, first call  {self.first_call.median * us:9.1f} µs  (tracing and building the graph)",
                f"  finished: imperative / hybridized {self.speedup:.2f}x; "
                f"the first call is paid back after {self.break_even_calls:.1f} calls",
            ]
        )


def _first_call(ops: int, x: nd.NDArray) -> float:
    block = make_chain(ops, hybridize=True)
    start = time.perf_counter()
    block(x).wait_to_read()
    return time.perf_counter() - start


def graph_costs(ops: int = 100, shape: tuple[int, ...] = (10,), calls: int = 20, rounds: int = 7) -> GraphCosts:
    """Time a chain of ``ops`` operations on an array of ``shape``, imperative against hybridized.

    Each round times ``calls`` calls of each block, issued only (the clock stops when the last
    call returns) and issued then waited for; the figures are per call. The first-call figure
    builds a fresh hybridized block in every round.
    """
    if calls < 1 or rounds < 1:
        raise ValueError("calls and rounds must be at least 1.")
    x = nd.ones(shape)
    blocks = {"imperative": make_chain(ops, False), "hybrid": make_chain(ops, True)}
    for block in blocks.values():
        block(x).wait_to_read()  # the hybridized block traces here: the warm figures exclude it

    def waited(y) -> None:
        y.wait_to_read()

    probes = {
        f"{name}_{kind}": per_call(
            lambda block=block: block(x), calls, settle=nd.waitall, wait=waited if kind == "total" else None
        )
        for name, block in blocks.items()
        for kind in ("issue", "total")
    }
    probes["first_call"] = lambda: _first_call(ops, x)
    run = run_interleaved(probes, warmup=1, min_rounds=rounds)
    s = {name: summarize(values) for name, values in run.samples.items()}
    mx.nd.waitall()
    return GraphCosts(
        ops=ops,
        imperative_issue=s["imperative_issue"],
        imperative_total=s["imperative_total"],
        hybrid_issue=s["hybrid_issue"],
        hybrid_total=s["hybrid_total"],
        first_call=s["first_call"],
    )
