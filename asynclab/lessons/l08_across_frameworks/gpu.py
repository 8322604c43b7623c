"""Lesson 08's GPU checks, with PyTorch on a CUDA device (``python -m asynclab gpu-check``).

- ``gpu-queue-vs-finish``: an 8192x8192 float32 product; the wait that
  follows the call takes at least 10x as long as the call (measured on an
  H100: 0.21-0.28 ms vs 21.5-21.6 ms, a ratio of 78-101 in three runs). On a CPU PyTorch
  runs the operator before the call returns: it fails there.
- ``gpu-launch-blocking``: the same product in a fresh process with
  ``CUDA_LAUNCH_BLOCKING=1``; the call itself then carries at least half of
  the work (H100: 21.6 ms of 21.6 ms).
- ``gpu-events-see-the-work``: CUDA events around the call see at least 10x
  what ``time.perf_counter`` around the call alone sees (H100: 21.3-21.5 ms vs
  0.05-0.2 ms, 106-453x in three runs). Needs a CUDA device.

Seconds throughout.
"""

from __future__ import annotations

import statistics
import time

from asynclab.checks.core import CheckResult, check
from asynclab.checks.gpu import FRESH, ROUNDS, operands, size_for
from asynclab.checks.relations import AtLeast
from asynclab.foundation.timing import split

QUEUE_FACTOR = 10.0  # finish / enqueue at least this
BLOCKING_SHARE = 0.5  # with CUDA_LAUNCH_BLOCKING=1, enqueue / finish at least this
EVENTS_FACTOR = 10.0  # CUDA events / perf_counter around the call alone, at least this
#: checks that cannot run on a device without CUDA events (gpu-check leaves them out there)
CUDA_ONLY = ("gpu-events-see-the-work",)


@check(
    "gpu-queue-vs-finish",
    points=1,
    protocol=ROUNDS,
    calls="the product",
    relations=(AtLeast("ratio", num="product.finish", den="product.enqueue", threshold=QUEUE_FACTOR),),
    sentence=lambda o: (
        f"a square float32 product: the call returned after {o.median('product.enqueue'):.3g} s, "
        f"the result was ready after {o.median('product.finish'):.3g} s, "
        f"{o.bands['ratio'].value:.3g}x (needs >= {QUEUE_FACTOR:g}x)"
    ),
    threshold=f">= {QUEUE_FACTOR:g}x",
)
def check_queue_vs_finish(self, device: str = "cuda") -> CheckResult:
    """Time the call of one product and the wait that follows it, in rounds."""
    from asynclab.foundation.backends import torch as tb

    x = operands(device)

    def product() -> dict[str, float]:
        tb.sync_all()
        timed = split(lambda: x @ x, tb.sync)
        return {"enqueue": timed.enqueue, "finish": timed.total}

    return self.run({"product": product})


def _blocking_child(job: dict) -> dict[str, float]:
    """In a fresh process (``CUDA_LAUNCH_BLOCKING`` set by the parent): median seconds of the call and of the result."""
    import torch

    from asynclab.foundation.backends import torch as tb

    x = torch.randn(job["size"], job["size"], device=job["device"])
    tb.sync(x @ x)
    enqueue, finish = [], []
    for _ in range(3):
        tb.sync_all()
        start = time.perf_counter()
        y = x @ x
        enqueue.append(time.perf_counter() - start)
        tb.sync(y)
        finish.append(time.perf_counter() - start)
    tb.sync_all()
    return {"enqueue": statistics.median(enqueue), "finish": statistics.median(finish)}


@check(
    "gpu-launch-blocking",
    points=1,
    protocol=FRESH,
    calls="the product under CUDA_LAUNCH_BLOCKING=1",
    relations=(AtLeast("share", num="blocking.enqueue", den="blocking.finish", threshold=BLOCKING_SHARE),),
    sentence=(
        "with CUDA_LAUNCH_BLOCKING=1 the call itself took {share:.2f} of the time until the result "
        f"was ready (needs >= {BLOCKING_SHARE:g})"
    ),
    threshold=f">= {BLOCKING_SHARE:g}",
)
def check_launch_blocking(self, device: str = "cuda") -> CheckResult:
    """The product in a fresh process with ``CUDA_LAUNCH_BLOCKING=1``: the call carries the work."""
    from asynclab.foundation.backends import torch as tb

    def blocking() -> dict[str, float]:
        return self.in_fresh_process(
            f"{__name__}:_blocking_child",
            payload={"size": size_for(device), "device": device},
            env=tb.launch_blocking_env(True),
            timeout=120,
            what=f"the product with {tb.SWITCH}=1",
        )

    return self.run({"blocking": blocking})


@check(
    "gpu-events-see-the-work",
    points=1,
    protocol=ROUNDS,
    calls="the product",
    relations=(AtLeast("ratio", num="clocks.events", den="clocks.perf_counter", threshold=EVENTS_FACTOR),),
    sentence=lambda o: (
        f"CUDA events around the call measured {o.median('clocks.events'):.3g} s, "
        f"time.perf_counter around it {o.median('clocks.perf_counter'):.3g} s: "
        f"{o.bands['ratio'].value:.3g}x (needs >= {EVENTS_FACTOR:g}x)"
    ),
    threshold=f">= {EVENTS_FACTOR:g}x",
)
def check_events_see_the_work(self, device: str = "cuda") -> CheckResult:
    """CUDA events against ``time.perf_counter`` around the same call, without a wait in between."""
    import torch

    from asynclab.foundation.backends import torch as tb

    x = operands(device)

    def clocks() -> dict[str, float]:
        tb.sync_all()
        begin, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        begin.record()
        start = time.perf_counter()
        y = x @ x
        host = time.perf_counter() - start
        end.record()
        end.synchronize()
        del y
        return {"events": begin.elapsed_time(end) / 1000.0, "perf_counter": host}

    return self.run({"clocks": clocks})
