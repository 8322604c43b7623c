"""When the PyTorch work that computed a tensor began: its lineage among the calls made inside a block.

:class:`Lineage` is a ``TorchFunctionMode``: inside ``with Lineage() as
lineage:`` every PyTorch function, method and operator called on tensors
passes through it, and it notes when each call was entered
(``time.perf_counter``, seconds), which tensors it read and which it
returned. :meth:`Lineage.began` follows a tensor back through the calls
that computed it (the call that returned it, the calls that returned what
that call read, and so on; an in-place call is read as the step after the
call that wrote its tensor before, and a call that hands back a tensor it
was given unchanged, such as ``x.cpu()`` on the CPU, wrote nothing) and
returns when the earliest of them was entered. Work whose result the tensor does not depend on (a warm-up, a
forward pass done twice) is not part of its lineage.

The mode costs a few microseconds per call. Tensors made outside PyTorch's
functions (``torch.from_numpy``, or before the block) start a lineage: they
have no calls behind them.

Foundation layer: imports PyTorch only when a :class:`Lineage` is made.
"""

from __future__ import annotations

import time
from typing import Any

__all__ = ["Lineage"]


def _mode_base() -> type:
    from torch.overrides import TorchFunctionMode

    return TorchFunctionMode


def _tensors(value: Any) -> list:
    """The tensors among ``value``'s leaves (nested lists, tuples and dicts)."""
    import torch
    from torch.utils._pytree import tree_leaves

    return [leaf for leaf in tree_leaves(value) if isinstance(leaf, torch.Tensor)]


class Lineage:
    """A context manager noting the PyTorch calls made inside it; :meth:`began` reads a tensor's lineage."""

    def __init__(self) -> None:
        self._entered: list[float] = []  # per call, when it was entered (s)
        self._reads: list[tuple[int, ...]] = []  # per call, the calls that wrote the tensors it read
        self._writer: dict[int, int] = {}  # id of a tensor -> the call that last returned it
        self._keep: list[Any] = []  # every tensor seen, so that no id is reused while the block runs
        self._mode = self._make_mode()

    def _make_mode(self):
        lineage = self

        class _Mode(_mode_base()):
            def __torch_function__(self, func, types, args=(), kwargs=None):
                entered = time.perf_counter()
                result = func(*args, **(kwargs or {}))
                in_place = getattr(func, "__name__", "").endswith("_") or bool(kwargs and "out" in kwargs)
                lineage._note(entered, (args, kwargs), result, in_place)
                return result

        return _Mode()

    def _note(self, entered: float, read: Any, result: Any, in_place: bool) -> None:
        """Note a call entered at ``entered`` that read the tensors in ``read`` and returned ``result``; a
        tensor it read and returned as it was (``x.cpu()`` on the CPU, ``x.contiguous()``) was not written by
        it unless the call works in place (``relu_``, ``+=``, ``out=``)."""
        inputs, outputs = self._arrays(read), self._arrays(result)
        writers = tuple(self._writer[id(t)] for t in inputs if id(t) in self._writer)
        call = len(self._entered)
        self._entered.append(entered)
        self._reads.append(writers)
        passed_through = {id(t) for t in inputs}
        for tensor in outputs:
            if in_place or id(tensor) not in passed_through:
                self._writer[id(tensor)] = call
        self._keep.extend(inputs + outputs)

    def _arrays(self, value: Any) -> list:
        """The arrays among ``value``'s leaves whose lineage is followed: PyTorch's tensors."""
        return _tensors(value)

    def __enter__(self) -> Lineage:
        self._mode.__enter__()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._mode.__exit__(*exc)

    @property
    def calls(self) -> int:
        """How many PyTorch calls were made inside the block."""
        return len(self._entered)

    def began(self, tensor: Any) -> float | None:
        """When (``time.perf_counter``, s) the earliest call that ``tensor``'s values depend on was entered;
        None where no call inside the block returned it."""
        last = self._writer.get(id(tensor))
        if last is None:
            return None
        seen, todo = {last}, [last]
        while todo:
            for writer in self._reads[todo.pop()]:
                if writer not in seen:
                    seen.add(writer)
                    todo.append(writer)
        return min(self._entered[call] for call in seen)
