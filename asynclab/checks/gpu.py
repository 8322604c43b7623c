"""The course's GPU checks, with PyTorch on a CUDA device: what ``python -m asynclab gpu-check`` runs.

They need only PyTorch (a GPU machine often has Python 3.12 and numpy 2,
where MXNet 1.9.1 cannot run), and they run on any device PyTorch knows,
which is how the tests check their logic on a CPU: PyTorch's CPU operators
run before the call returns, so the CPU fails ``gpu-queue-vs-finish``.

- ``gpu-queue-vs-finish``: an 8192x8192 float32 product; the wait that
  follows the call takes at least 10x as long as the call (measured on an
  H100: 0.019 ms vs 21.5 ms, a ratio of about 400-1100).
- ``gpu-launch-blocking``: the same product in a fresh process with
  ``CUDA_LAUNCH_BLOCKING=1``; the call itself then carries at least half of
  the work (H100: 21.6 ms of 21.6 ms).
- ``gpu-events-see-the-work``: CUDA events around the call see at least 10x
  what ``time.perf_counter`` around the call alone sees (H100: 21.5 ms vs
  0.2 ms).

- ``gpu-copy-beside-compute`` (lesson 06): a host-to-device copy from pinned
  memory on a second stream beside a product on the default stream; two
  streams must save at least half of the shorter one's time against one
  stream (perfect overlap saves all of it: H100, 1 GiB copy 19.6 ms,
  product 21.6 ms, 41.0 ms on one stream and 21.8 ms on two, 0.98 of the
  copy saved). On a CPU there are no streams: nothing is saved, it fails.

- ``gpu-first-call`` (lesson 07): in a fresh process, the first product
  (cuBLAS starts) takes at least 10x a warm one (H100: 94-103 ms against
  3.1 ms for 4096x4096, 30x, after a first allocation of 309-327 ms). On a
  CPU the first product cost 1.05-3.87x the next in three fresh processes
  on the course's 2-core machine: it fails there.

- ``gpu-chunks-on-two-streams`` (lesson 09): eight pinned chunks copied in and
  reduced (:func:`asynclab.foundation.workloads.chunked.stream_schedules`): a copy
  stream filling one of two buffers while the compute stream works on the
  other must take at most 1/1.25 of the serial loop's time (H100 figures
  for one copy beside one product: 41.0 ms on one stream, 21.8 ms on two,
  1.88x; the chunked schedule itself was not measured on a GPU for this
  release). On a CPU there are no streams: 1x, it fails.

Later lessons add their GPU checks here. Seconds throughout.
"""

from __future__ import annotations

import time
from typing import Callable

from asynclab.checks.core import Check, CheckFailed, CheckResult, Protocol
from asynclab.checks.relations import AtLeast
from asynclab.foundation.timing import split, time_call

__all__ = ["SIZE", "CPU_SIZE", "GPU_CHECKS", "size_for", "run_all", "cuda_available", "reference"]

SIZE = 8192                 # float32 product of SIZE x SIZE matrices on a GPU
CPU_SIZE = 1024             # the same probes on a CPU (tests, the curious): 8192 would take ~20 s a product
QUEUE_FACTOR = 10.0         # finish / enqueue at least this
BLOCKING_SHARE = 0.5        # with CUDA_LAUNCH_BLOCKING=1, enqueue / finish at least this
EVENTS_FACTOR = 10.0        # CUDA events / perf_counter around the call alone, at least this
SAVED_SHARE = 0.5           # (one stream - two streams) / the shorter of copy and product, at least this
FIRST_FACTOR = 10.0         # the first product of a fresh process / a warm one, at least this (CPU: 1-4x)
FIRST_SIZE = 4096
CHUNKS_FACTOR = 1.25        # serial / two streams over the chunked reduction, at least this
CHUNK_MB, CPU_CHUNK_MB = 128, 8
COPY_MB = 1024              # the pinned host-to-device copy on a GPU (about as long as the product on an H100)
CPU_COPY_MB = 64

_ROUNDS = Protocol(warmup=1, min_rounds=5, max_rounds=15, budget_s=30.0)
_FRESH = Protocol(warmup=0, min_rounds=1, max_rounds=3, budget_s=120.0)

GPU_QUEUE_VS_FINISH = Check(
    "gpu-queue-vs-finish", points=1, protocol=_ROUNDS, calls="the product",
    relations=(AtLeast("ratio", num="product.finish", den="product.enqueue", threshold=QUEUE_FACTOR),),
    sentence=lambda o: (f"a square float32 product: the call returned after {o.median('product.enqueue'):.3g} s, "
                        f"the result was ready after {o.median('product.finish'):.3g} s, "
                        f"{o.bands['ratio'].value:.3g}x (needs >= {QUEUE_FACTOR:g}x)"),
    threshold=f">= {QUEUE_FACTOR:g}x")

GPU_LAUNCH_BLOCKING = Check(
    "gpu-launch-blocking", points=1, protocol=_FRESH, calls="the product under CUDA_LAUNCH_BLOCKING=1",
    relations=(AtLeast("share", num="blocking.enqueue", den="blocking.finish", threshold=BLOCKING_SHARE),),
    sentence=("with CUDA_LAUNCH_BLOCKING=1 the call itself took {share:.2f} of the time until the result "
              f"was ready (needs >= {BLOCKING_SHARE:g})"),
    threshold=f">= {BLOCKING_SHARE:g}")

GPU_EVENTS_SEE_THE_WORK = Check(
    "gpu-events-see-the-work", points=1, protocol=_ROUNDS, calls="the product",
    relations=(AtLeast("ratio", num="clocks.events", den="clocks.perf_counter", threshold=EVENTS_FACTOR),),
    sentence=lambda o: (f"CUDA events around the call measured {o.median('clocks.events'):.3g} s, "
                        f"time.perf_counter around it {o.median('clocks.perf_counter'):.3g} s: "
                        f"{o.bands['ratio'].value:.3g}x (needs >= {EVENTS_FACTOR:g}x)"),
    threshold=f">= {EVENTS_FACTOR:g}x")


GPU_COPY_BESIDE_COMPUTE = Check(
    "gpu-copy-beside-compute", points=1, protocol=_ROUNDS, calls="a pinned copy and the product",
    relations=(AtLeast("saved", num="pair.saved", threshold=SAVED_SHARE),),
    sentence=lambda o: (f"a pinned host-to-device copy ({o.median('pair.copy'):.3g} s alone) and the product "
                        f"({o.median('pair.product'):.3g} s alone) took {o.median('pair.one'):.3g} s on one stream and "
                        f"{o.median('pair.two'):.3g} s on two: two streams saved {o.bands['saved'].value:.2f} of the "
                        f"shorter one's time (needs >= {SAVED_SHARE:g})"),
    threshold=f"saves >= {SAVED_SHARE:g} of the shorter")


GPU_FIRST_CALL = Check(
    "gpu-first-call", points=1, protocol=_FRESH, calls="a fresh process's first product",
    relations=(AtLeast("ratio", num="fresh.first", den="fresh.warm", threshold=FIRST_FACTOR),),
    sentence=lambda o: (f"in a fresh process the first allocation took {o.median('fresh.alloc'):.3g} s, the first "
                        f"product {o.median('fresh.first'):.3g} s and a warm one {o.median('fresh.warm'):.3g} s, "
                        f"{o.bands['ratio'].value:.3g}x (needs >= {FIRST_FACTOR:g}x)"),
    threshold=f">= {FIRST_FACTOR:g}x")


def reference() -> dict:
    """The reference GPU figures stored with the package (``asynclab/data/gpu_reference.json``), ms."""
    import json
    from pathlib import Path

    return json.loads((Path(__file__).resolve().parents[1] / "data" / "gpu_reference.json").read_text("utf-8"))


def cuda_available() -> bool:
    """Whether PyTorch is installed and sees a CUDA device."""
    try:
        import torch
    except ImportError:
        return False
    return bool(torch.cuda.is_available())


def size_for(device: str) -> int:
    """The matrix size the checks use on ``device``."""
    import torch

    return SIZE if torch.device(device).type == "cuda" else CPU_SIZE


def _operands(device: str):
    import torch

    from asynclab.foundation.backends import torch as tb

    n = size_for(device)
    x = torch.randn(n, n, device=device)
    tb.sync(x @ x)          # the first product starts the BLAS library: not measured
    return x


def check_queue_vs_finish(device: str = "cuda") -> CheckResult:
    """Time the call of one product and the wait that follows it, in rounds."""
    from asynclab.foundation.backends import torch as tb

    x = _operands(device)

    def product() -> dict[str, float]:
        tb.sync_all()
        timed = split(lambda: x @ x, tb.sync)
        return {"enqueue": timed.enqueue, "finish": timed.total}

    return GPU_QUEUE_VS_FINISH.run({"product": product})


_BLOCKING_SNIPPET = """
import torch
from asynclab.foundation.backends import torch as tb
from asynclab.foundation.timing import Benchmark
x = torch.randn({size}, {size}, device={device!r})
tb.sync(x @ x)
for _ in range(3):
    tb.sync_all()
    with Benchmark("finish", quiet=True):
        with Benchmark("enqueue", quiet=True):
            y = x @ x
        tb.sync(y)
"""


def check_launch_blocking(device: str = "cuda") -> CheckResult:
    """The product in a fresh process with ``CUDA_LAUNCH_BLOCKING=1``: the call carries the work."""
    from asynclab.foundation.backends import torch as tb

    def blocking() -> dict[str, float]:
        run = tb.run_with_launch_blocking(_BLOCKING_SNIPPET.format(size=size_for(device), device=device),
                                          blocking=True)
        return {"enqueue": run["enqueue"], "finish": run["finish"]}

    return GPU_LAUNCH_BLOCKING.run({"blocking": blocking})


def check_events_see_the_work(device: str = "cuda") -> CheckResult:
    """CUDA events against ``time.perf_counter`` around the same call, without a wait in between."""
    import torch

    from asynclab.foundation.backends import torch as tb

    x = _operands(device)

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

    return GPU_EVENTS_SEE_THE_WORK.run({"clocks": clocks})


GPU_CHUNKS_ON_TWO_STREAMS = Check(
    "gpu-chunks-on-two-streams", points=1, protocol=_ROUNDS, calls="the chunked reduction",
    relations=(AtLeast("speedup", num="serial", den="two", threshold=CHUNKS_FACTOR),),
    sentence=(f"eight chunks took {{serial:.3g}} s serially and {{two:.3g}} s on two streams: {{speedup:.2f}}x "
              f"(needs >= {CHUNKS_FACTOR:g}x)"),
    threshold=f">= {CHUNKS_FACTOR:g}x")


def check_chunks_on_two_streams(device: str = "cuda") -> CheckResult:
    """Eight chunks copied in and reduced: two streams with double buffers against the serial loop."""
    from asynclab.foundation.backends import torch as tb
    from asynclab.foundation.workloads.chunked import stream_schedules

    on_gpu = device.startswith("cuda")
    schedules = stream_schedules(device, chunk_mb=CHUNK_MB if on_gpu else CPU_CHUNK_MB,
                                 n=SIZE // 2 if on_gpu else CPU_SIZE // 2)
    return GPU_CHUNKS_ON_TWO_STREAMS.run({
        "serial": lambda: time_call(schedules["serial"], sync=tb.sync_all),
        "two": lambda: time_call(schedules["two streams"], sync=tb.sync_all)})


def check_copy_beside_compute(device: str = "cuda") -> CheckResult:
    """A pinned host-to-device copy on a second stream beside a product: saves half the shorter one's time."""
    import torch

    from asynclab.foundation.backends import torch as tb

    x = _operands(device)
    on_gpu = torch.device(device).type == "cuda"
    count = (COPY_MB if on_gpu else CPU_COPY_MB) * 2**20 // 4
    host = torch.ones(count, pin_memory=on_gpu)
    target = torch.empty(count, device=device)
    side = torch.cuda.Stream(device=device) if on_gpu else None

    def timed(fn: Callable[[], object]) -> float:
        return time_call(fn, sync=tb.sync_all)          # pair() starts clean; each call ends with a wait

    def one_stream() -> None:
        target.copy_(host, non_blocking=True)
        x @ x

    def two_streams() -> None:
        if side is None:                 # a CPU has no streams: the same two, one after the other
            one_stream()
            return
        side.wait_stream(torch.cuda.current_stream(device))
        with torch.cuda.stream(side):
            target.copy_(host, non_blocking=True)
        x @ x
        torch.cuda.current_stream(device).wait_stream(side)

    def pair() -> dict[str, float]:
        tb.sync_all()
        found = {"copy": timed(lambda: target.copy_(host, non_blocking=True)), "product": timed(lambda: x @ x),
                 "one": timed(one_stream), "two": timed(two_streams)}
        found["saved"] = (found["one"] - found["two"]) / min(found["copy"], found["product"])
        return found

    return GPU_COPY_BESIDE_COMPUTE.run({"pair": pair})


_FIRST_CHILD = """
import time
import torch
from asynclab.foundation.backends import fresh
job = fresh.payload()
device, n = job["device"], job["n"]
def sync():
    if device.startswith("cuda"):
        torch.cuda.synchronize(device)
start = time.perf_counter()
x = torch.randn(n, n, device=device)
sync()
alloc = time.perf_counter() - start
times = []
for _ in range(4):
    start = time.perf_counter()
    y = x @ x
    sync()
    times.append(time.perf_counter() - start)
fresh.emit({"alloc": alloc, "first": times[0], "warm": sorted(times[1:])[1]})
"""


def check_first_call(device: str = "cuda") -> CheckResult:
    """A fresh process's first product against a warm one: at least 10x on a GPU."""
    from asynclab.foundation.backends.fresh import run_fresh

    size = FIRST_SIZE if device.startswith("cuda") else CPU_SIZE

    def fresh() -> dict[str, float]:
        run = run_fresh(_FIRST_CHILD, payload={"device": device, "n": size}, timeout=300,
                        what="the first product in a fresh process")
        return dict(run.result)

    return GPU_FIRST_CALL.run({"fresh": fresh})


GPU_CHECKS: dict[str, Callable[[str], CheckResult]] = {
    GPU_QUEUE_VS_FINISH.name: check_queue_vs_finish,
    GPU_LAUNCH_BLOCKING.name: check_launch_blocking,
    GPU_EVENTS_SEE_THE_WORK.name: check_events_see_the_work,
    GPU_COPY_BESIDE_COMPUTE.name: check_copy_beside_compute,
    GPU_FIRST_CALL.name: check_first_call,
    GPU_CHUNKS_ON_TWO_STREAMS.name: check_chunks_on_two_streams,
}


def run_all(device: str = "cuda", names: tuple[str, ...] | None = None) -> list[CheckResult]:
    """Run the GPU checks (all, or ``names``) on ``device``; a failing check is returned, not raised."""
    unknown = sorted(set(names or ()) - set(GPU_CHECKS))
    if unknown:
        raise ValueError(f"unknown GPU check(s) {', '.join(unknown)}; the checks are {', '.join(GPU_CHECKS)}.")
    results = []
    for name, check in GPU_CHECKS.items():
        if names and name not in names:
            continue
        try:
            results.append(check(device))
        except CheckFailed as failed:
            results.append(failed.result)
    return results
