"""Operators a check puts into MXNet's back end: a gate that holds queued work back until a set moment and
says when it finished, so that a check can time work it does not wait for without a thread of its own that
waits.

The gate runs when MXNet's engine has written its input, on the engine's own custom-operator thread; its
output, an array of its input's shape, holds in every element the seconds from a reading of
``time.perf_counter`` the check took (``since``) to the moment the gate finished. Everything the gate needs travels with the call as its
string arguments: no table an answer could read or change.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

__all__ = ["GATE_OP", "finished_after", "gate", "register_custom"]

GATE_OP = "asynclab_gate"  # the MXNet custom operator of :func:`gate`

# the clock taken when this module is first imported: an answer that swaps time.perf_counter later cannot
# change what a gate reports
_clock = time.perf_counter
_sleep = time.sleep


def register_custom(op_type: str, parse: Callable, make: Callable, need_top_grad: bool) -> None:
    """Register with MXNet, once per process, a custom operator of one input and one output of its shape
    (the grader imports a fresh copy of the course for every check cell, while MXNet keeps one registry of
    custom operators per process): ``parse(**arguments)`` reads a call's string arguments when the call is
    made, and ``make(parsed)`` builds the operator that runs it."""
    import mxnet as mx

    flag = f"_{op_type}_registered"
    if getattr(mx.operator, flag, False):
        return

    class Prop(mx.operator.CustomOpProp):
        def __init__(self, **arguments: str) -> None:
            super().__init__(need_top_grad=need_top_grad)
            self.parsed = parse(**arguments)

        def list_arguments(self) -> list[str]:
            return ["data"]

        def list_outputs(self) -> list[str]:
            return ["output"]

        def infer_shape(self, in_shape):
            return in_shape, in_shape, []

        def create_operator(self, ctx, shapes, dtypes):
            return make(self.parsed)

    mx.operator.register(op_type)(Prop)
    setattr(mx.operator, flag, True)


def _hold_pages(size: int, held: float) -> None:
    """Hold ``size`` bytes of memory pages of their own, written (so resident), for ``held`` seconds, then give them
    back to the system. An anonymous mapping, not the C allocator: a freed block that the allocator served from
    memory it keeps (a heap's free space, which it does for large blocks too) would stay resident after it is freed,
    and the process would go on holding it once the work is done."""
    import mmap

    import numpy as np

    space = mmap.mmap(-1, size)
    pages = np.frombuffer(space, dtype=np.uint8)
    pages[:] = 1
    del pages  # no view may outlive the mapping
    _sleep(held)
    space.close()


def _register_gate() -> None:
    """Register :data:`GATE_OP` (:func:`register_custom`): its string arguments are ``opens``, a
    ``time.perf_counter()`` reading (s) before which it does not finish, ``since``, another reading, and
    ``workspace`` and ``held``, the bytes of memory it holds for ``held`` seconds from when it starts."""
    import mxnet as mx

    class Gate(mx.operator.CustomOp):
        def __init__(self, opens: float, since: float, workspace: int, held: float) -> None:
            super().__init__()
            self.opens, self.since, self.workspace, self.held = opens, since, workspace, held

        def forward(self, is_train, req, in_data, out_data, aux) -> None:
            if self.workspace:
                _hold_pages(self.workspace, self.held)  # given back before the gate's output is written
            _sleep(max(0.0, self.opens - _clock()))
            finished = _clock() - self.since
            self.assign(out_data[0], req[0], in_data[0] * 0 + finished)

        def backward(self, req, out_grad, in_data, out_data, in_grad, aux) -> None:
            raise NotImplementedError("the gate has no gradient")

    register_custom(
        GATE_OP,
        lambda opens, since, workspace="0", held="0": (float(opens), float(since), int(workspace), float(held)),
        lambda parsed: Gate(*parsed),
        need_top_grad=False,
    )


def gate(data: Any, since: float, opens: float = 0.0, workspace_mb: float = 0.0, held_s: float = 0.0) -> Any:
    """An MXNet array of ``data``'s shape, written once the engine has written ``data`` and
    ``time.perf_counter()`` has passed ``opens`` (s): every element holds the seconds from ``since`` (a
    ``time.perf_counter()`` reading) to the moment the gate finished. Work queued on its output waits
    behind it. With ``workspace_mb``, the gate first holds that many MB of the process's memory for
    ``held_s`` seconds, as an operator's workspace, and gives it back to the system before it finishes
    (:func:`_hold_pages`)."""
    from mxnet import nd

    from asynclab.foundation.memory import MB

    _register_gate()
    workspace, held = repr(int(workspace_mb * MB)), repr(held_s)
    return nd.Custom(data, op_type=GATE_OP, opens=repr(opens), since=repr(since), workspace=workspace, held=held)


def finished_after(data: Any, since: float) -> Any:
    """A one-element MXNet array holding, once ``data`` (an MXNet array) is written, the seconds from
    ``since`` (a ``time.perf_counter()`` reading) to the moment the engine was done writing it: a gate
    open at once behind the first element of ``data``. Read it (``asscalar``) to wait for it."""
    return gate(data.reshape((-1,))[0:1], since)
