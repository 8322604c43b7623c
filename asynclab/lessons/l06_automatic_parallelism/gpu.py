"""Lesson 06's GPU check, with PyTorch on a CUDA device (``python -m asynclab gpu-check``).

``gpu-copy-beside-compute``: a host-to-device copy from pinned memory on a
second stream beside a product on the default stream; two streams must save
at least half of the shorter one's time against one stream (perfect overlap
saves all of it: H100, three runs: 1 GiB copy 19.7-19.8 ms, product 21.6 ms,
41.0-41.5 ms on one stream and 21.9-22.1 ms on two, 0.96-0.98 of the copy saved). On a CPU there are no
streams: nothing is saved, it fails. Seconds throughout.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from asynclab.checks.core import CheckResult, check
from asynclab.checks.gpu import ROUNDS, on_gpu, operands
from asynclab.checks.relations import AtLeast
from asynclab.foundation.timing import time_call

SAVED_SHARE = 0.5  # (one stream - two streams) / the shorter of copy and product, at least this
COPY_MB = 1024  # the pinned host-to-device copy on a GPU (about as long as the product on an H100)
# on a CPU (the tests' fallback) a copy about as long as the product, so that the noise around "nothing
# saved" stays far below SAVED_SHARE: with 64 MB (a quarter of the product) one run in ten passed with a core busy
CPU_COPY_MB = 256


@check(
    "gpu-copy-beside-compute",
    points=1,
    protocol=ROUNDS,
    calls="a pinned copy and the product",
    relations=(AtLeast("saved", num="pair.saved", threshold=SAVED_SHARE),),
    sentence=lambda o: (
        f"a pinned host-to-device copy ({o.median('pair.copy'):.3g} s alone) and the product "
        f"({o.median('pair.product'):.3g} s alone) took {o.median('pair.one'):.3g} s on one stream "
        f"and {o.median('pair.two'):.3g} s on two: two streams saved {o.bands['saved'].value:.2f} "
        f"of the shorter one's time (needs >= {SAVED_SHARE:g})"
    ),
    threshold=f"saves >= {SAVED_SHARE:g} of the shorter",
)
def check_copy_beside_compute(self, device: str = "cuda") -> CheckResult:
    """A pinned host-to-device copy on a second stream beside a product: saves half the shorter one's time."""
    import torch

    from asynclab.foundation.backends import torch as tb

    x = operands(device)
    gpu = on_gpu(device)
    count = (COPY_MB if gpu else CPU_COPY_MB) * 2**20 // 4
    host = torch.ones(count, pin_memory=gpu)
    target = torch.empty(count, device=device)
    side = torch.cuda.Stream(device=device) if gpu else None

    def timed(fn: Callable[[], object]) -> float:
        return time_call(fn, sync=tb.sync_all)  # pair() starts clean; each call ends with a wait

    def one_stream() -> None:
        target.copy_(host, non_blocking=True)
        x @ x

    def two_streams() -> None:
        if side is None:  # a CPU has no streams: the same two, one after the other
            one_stream()
            return
        side.wait_stream(torch.cuda.current_stream(device))
        with torch.cuda.stream(side):
            target.copy_(host, non_blocking=True)
        x @ x
        torch.cuda.current_stream(device).wait_stream(side)

    turns = itertools.count()

    def pair() -> dict[str, float]:
        tb.sync_all()
        found = {
            "copy": timed(lambda: target.copy_(host, non_blocking=True)),
            "product": timed(lambda: x @ x),
        }
        # one stream and two in turns, the order reversed every other round: whatever the machine does
        # to the first of two runs in a row must not pass for a saving
        order = ("one", "two") if next(turns) % 2 == 0 else ("two", "one")
        for name in order:
            found[name] = timed(one_stream if name == "one" else two_streams)
        found["saved"] = (found["one"] - found["two"]) / min(found["copy"], found["product"])
        return found

    return self.run({"pair": pair})
