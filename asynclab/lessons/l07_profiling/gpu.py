"""Lesson 07's GPU check, with PyTorch on a CUDA device (``python -m asynclab gpu-check``).

``gpu-first-call``: in a fresh process, the first product (cuBLAS starts)
takes at least 10x a warm one (H100, three runs: 92-115 ms against
2.7-2.8 ms for 4096x4096, 34-41x, after a first allocation of 142-174 ms). On a CPU the first
product cost 1.05-3.87x the next in three fresh processes on the course's
2-core machine: it fails there. Seconds throughout.
"""

from __future__ import annotations

import time

from asynclab.checks.core import CheckResult, check
from asynclab.checks.gpu import CPU_SIZE, FRESH, on_gpu
from asynclab.checks.relations import AtLeast

FIRST_FACTOR = 10.0  # the first product of a fresh process / a warm one, at least this (CPU: 1-4x)
FIRST_SIZE = 4096


def _first_child(job: dict) -> dict[str, float]:
    """In a fresh process: the first allocation, the first product and a warm one on ``job["device"]``, seconds."""
    import torch

    device, n = job["device"], job["n"]

    def sync() -> None:
        if device.startswith("cuda"):
            torch.cuda.synchronize(device)

    start = time.perf_counter()
    x = torch.randn(n, n, device=device)
    sync()
    alloc = time.perf_counter() - start
    times = []
    for _ in range(4):
        start = time.perf_counter()
        x @ x
        sync()
        times.append(time.perf_counter() - start)
    return {"alloc": alloc, "first": times[0], "warm": sorted(times[1:])[1]}


@check(
    "gpu-first-call",
    points=1,
    protocol=FRESH,
    calls="a fresh process's first product",
    relations=(AtLeast("ratio", num="fresh.first", den="fresh.warm", threshold=FIRST_FACTOR),),
    sentence=lambda o: (
        f"in a fresh process the first allocation took {o.median('fresh.alloc'):.3g} s, the first "
        f"product {o.median('fresh.first'):.3g} s and a warm one {o.median('fresh.warm'):.3g} s, "
        f"{o.bands['ratio'].value:.3g}x (needs >= {FIRST_FACTOR:g}x)"
    ),
    threshold=f">= {FIRST_FACTOR:g}x",
)
def check_first_call(self, device: str = "cuda") -> CheckResult:
    """A fresh process's first product against a warm one: at least 10x on a GPU."""
    size = FIRST_SIZE if on_gpu(device) else CPU_SIZE

    def fresh() -> dict[str, float]:
        return dict(
            self.in_fresh_process(
                f"{__name__}:_first_child",
                payload={"device": device, "n": size},
                timeout=300,
                what="the first product in a fresh process",
            )
        )

    return self.run({"fresh": fresh})
