"""MXNet array workloads: inputs, one-line operations and loops that wait in different places.

- :func:`random_matrix`, :func:`square_matrix`: computed random ``mx.nd`` inputs;
- :func:`add_one`, :func:`mx_dot`: the operations the loops repeat;
- :func:`sync_loop` waits for every result before issuing the next one,
  :func:`async_loop` issues everything and waits once, at the end;
- :func:`time_loop` runs either and reads two clocks (seconds): when the
  front end had issued everything, and when the back end had finished;
- :func:`slow_source` hands out batches with a delay, like a disk reader;
- :class:`ProductWorkload` issues ``dot(x, x).sum()``, a one-element result
  that every synchronization point applies to.

Foundation layer: MXNet is imported inside the functions, so importing this
module loads no framework.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "ArrayOp",
    "random_matrix",
    "square_matrix",
    "add_one",
    "mx_dot",
    "sync_loop",
    "async_loop",
    "LOOP_KINDS",
    "LoopTiming",
    "check_n",
    "time_loop",
    "slow_source",
    "ProductWorkload",
]

#: An operation on one MXNet array that returns a new (pending) array.
ArrayOp = Callable[[Any], Any]

#: The two ways of waiting that :func:`time_loop` knows.
LOOP_KINDS = ("sync", "async")


def random_matrix(shape: int | Sequence[int], seed: int = 0):
    """A uniform random ``mx.nd`` array, already computed: an int gives shape ``(n,)``."""
    import mxnet as mx

    mx.random.seed(seed)
    x = mx.nd.random.uniform(shape=(shape,) if isinstance(shape, int) else tuple(shape))
    x.wait_to_read()
    return x


def square_matrix(n: int, seed: int | None = None):
    """An ``n`` x ``n`` uniform random ``mx.nd`` array, already computed.

    ``seed=None`` leaves MXNet's random state as it is (a fresh draw).
    """
    import mxnet as mx

    if seed is not None:
        mx.random.seed(seed)
    x = mx.nd.random.uniform(shape=(n, n))
    x.wait_to_read()
    return x


def add_one(x):
    """``x + 1``: almost no work per call, so issuing it is what costs."""
    return x + 1


def mx_dot(x):
    """``nd.dot(x, x)``: enough work per call for the back end to be the bottleneck."""
    from mxnet import nd

    return nd.dot(x, x)


def sync_loop(x, n: int, op: ArrayOp = add_one):
    """Issue ``op(x)`` ``n`` times and wait for each result before the next."""
    y = None
    for _ in range(n):
        y = op(x)
        y.wait_to_read()
    return y


def async_loop(x, n: int, op: ArrayOp = add_one):
    """Issue ``op(x)`` ``n`` times, then wait once for all of them."""
    from mxnet import nd

    y = None
    for _ in range(n):
        y = op(x)
    nd.waitall()
    return y


@dataclass(frozen=True)
class LoopTiming:
    """One run of a loop: seconds until the front end had issued everything, and in all."""

    kind: str
    n: int
    issued: float
    total: float


def check_n(n: int) -> None:
    """Refuse an ``n`` that is not a positive integer."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"N must be a positive integer, got {n!r}.")


def time_loop(kind: str, x, n: int, op: ArrayOp = add_one) -> LoopTiming:
    """Run the ``kind`` ("sync" or "async") loop once and read both clocks."""
    from mxnet import nd

    if kind not in LOOP_KINDS:
        raise ValueError(f"kind must be one of {', '.join(LOOP_KINDS)}, not {kind!r}.")
    check_n(n)
    nd.waitall()
    start = time.perf_counter()
    for _ in range(n):
        y = op(x)
        if kind == "sync":
            y.wait_to_read()
    issued = time.perf_counter()
    nd.waitall()
    total = time.perf_counter()
    return LoopTiming(kind, n, issued - start, total - start)


def slow_source(batches: Iterable[Any], delay: float) -> Iterator[Any]:
    """Yield each batch after ``delay`` seconds of waiting, like reading it from a disk.

    The wait is a sleep: it costs the CPU nothing, so the back end can use
    it, if the front end does not hold it up.
    """
    if delay < 0:
        raise ValueError(f"delay cannot be negative, got {delay}.")
    for batch in batches:
        time.sleep(delay)
        yield batch


class ProductWorkload:
    """Issues ``dot(x, x).sum()`` on a ``size`` x ``size`` random matrix.

    The result has one element, so every synchronization point applies to it
    (``asscalar`` needs shape ``(1,)``, ``item`` a one-element array).
    ``issue("nd")`` returns an ``mx.nd.NDArray``, ``issue("np")`` an
    ``mx.np.ndarray``; both return before the product is computed.
    """

    def __init__(self, size: int = 800, seed: int = 0) -> None:
        if isinstance(size, bool) or not isinstance(size, int) or size < 1:
            raise ValueError(f"size must be a positive integer, got {size!r}.")
        import mxnet as mx
        from mxnet import nd

        mx.random.seed(seed)
        self.size = size
        self.x = nd.random.uniform(shape=(size, size))
        self.x_np = self.x.as_np_ndarray()
        nd.waitall()

    def issue(self, api: str = "nd"):
        """Queue the product and its sum; return the (pending) one-element result."""
        import mxnet as mx

        if api == "np":
            return mx.np.dot(self.x_np, self.x_np).sum()
        if api == "nd":
            return mx.nd.dot(self.x, self.x).sum()
        raise ValueError(f"api must be 'nd' or 'np', not {api!r}.")

    def compute_seconds(self) -> float:
        """One synchronized run: issue, then wait for everything (seconds)."""
        from asynclab.foundation.backends import mxnet as mxb

        mxb.sync_all()
        start = time.perf_counter()
        self.issue("nd")
        mxb.sync_all()
        return time.perf_counter() - start
