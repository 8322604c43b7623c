"""When the NumPy work that computed an array began: its lineage among the calls made on arrays traced by it.

NumPy has no mode that sees every call, as PyTorch's ``TorchFunctionMode``
does, but it hands every ufunc (``np.maximum``, ``@``) and every function
with ``__array_function__`` dispatch (``np.dot``, ``np.matmul``) called on
an array of an ``ndarray`` subclass to that subclass first.
:meth:`NumpyLineage.track` returns an array viewed as such a subclass: the
calls made on it, and on what they return, are noted (when each was
entered, ``time.perf_counter``, seconds; what it read and returned), and
their results are traced arrays too. :meth:`~asynclab.foundation.torch_lineage.Lineage.began`
follows an array back through the calls that computed it, as for PyTorch.

``a.dot(b)``, a method that skips that dispatch, is routed through
``np.dot``. Other methods that skip it are not noted: their result has no
call behind it, and starts a lineage. ``np.asarray`` hands back a plain
array, which is not traced any more. A call that writes into ``out`` does
not read what was there before, and a plain array given as ``out`` (a
buffer of the caller's own) carries the lineage of what was written into
it; calls on plain arrays alone are not seen, so trace every input of the
work followed (a network's weights as well as its input).

Foundation layer: NumPy only.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from asynclab.foundation.torch_lineage import Lineage

__all__ = ["NumpyLineage"]


def _leaves(value: Any) -> list:
    """The arrays among ``value``'s leaves (nested lists, tuples and dicts)."""
    if isinstance(value, np.ndarray):
        return [value]
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, (list, tuple)):
        return [leaf for item in value for leaf in _leaves(item)]
    return []


def _map(value: Any, fn) -> Any:
    """``value`` with ``fn`` applied to every array among its leaves (lists, tuples, named tuples and dicts
    rebuilt)."""
    if isinstance(value, np.ndarray):
        return fn(value)
    if isinstance(value, dict):
        return {key: _map(item, fn) for key, item in value.items()}
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # np.linalg.svd's result, say
        return type(value)(*(_map(item, fn) for item in value))
    if isinstance(value, (list, tuple)):
        return type(value)(_map(item, fn) for item in value)
    return value


def _given_out(result: Any, out: tuple) -> Any:
    """A ufunc's result where ``out`` named arrays to write: those arrays themselves, and what NumPy made for
    the slots left None."""
    made = result if isinstance(result, tuple) else (result,)
    chosen = tuple(given if given is not None else new for given, new in zip(out, made, strict=True))
    return chosen[0] if len(chosen) == 1 else chosen


class NumpyLineage(Lineage):
    """Notes the NumPy calls made on arrays it traced (:meth:`track`); :meth:`began` reads an array's lineage."""

    def _make_mode(self):
        lineage = self

        def plain(array: np.ndarray) -> np.ndarray:
            return array.view(np.ndarray) if isinstance(array, Traced) else array

        def traced(array: np.ndarray) -> np.ndarray:
            return array if isinstance(array, Traced) else array.view(Traced)

        class Traced(np.ndarray):
            """An array whose ufuncs and dispatched functions are noted by the lineage that made it."""

            def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
                entered = time.perf_counter()
                out = kwargs.get("out")
                result = getattr(ufunc, method)(*(_map(i, plain) for i in inputs), **_map(kwargs, plain))
                # written into out: those arrays are the result; what was in them before is not read (an input
                # that is also the out, as in np.maximum(h, 0, out=h), is read as an input)
                result = _map(result, traced) if out is None else _given_out(_map(result, traced), out)
                if lineage.active:
                    read = (inputs, {key: value for key, value in kwargs.items() if key != "out"})
                    lineage._note(entered, read, result, out is not None)
                return result

            def __array_function__(self, func, types, args, kwargs):
                entered = time.perf_counter()
                result = func(*_map(list(args), plain), **_map(kwargs, plain))
                out = kwargs.get("out")
                result = out if out is not None else _map(result, traced)
                if lineage.active:
                    read = (args, {key: value for key, value in kwargs.items() if key != "out"})
                    lineage._note(entered, read, result, out is not None)
                return result

            def dot(self, b, out=None):
                """``np.dot(self, b)``, noted: the method would skip NumPy's dispatch."""
                return np.dot(self, b, out=out)

        self._traced = Traced
        self.active = False
        return self

    def _arrays(self, value: Any) -> list:
        """The arrays among ``value``'s leaves, plain ones too: a plain array handed in as ``out`` (a buffer the
        answer made) carries the lineage of what was written into it to the calls that read it."""
        return _leaves(value)

    def track(self, array: np.ndarray) -> np.ndarray:
        """``array`` as a traced array: the calls made on it (and on what they return) inside the block are noted."""
        return array.view(self._traced)

    def __enter__(self) -> NumpyLineage:
        self.active = True
        return self

    def __exit__(self, *exc: Any) -> None:
        self.active = False
