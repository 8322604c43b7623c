"""Lesson 09's GPU check, with PyTorch on a CUDA device (``python -m asynclab gpu-check``).

``gpu-chunks-on-two-streams``: eight pinned chunks copied in and reduced
(:func:`asynclab.foundation.workloads.chunked.stream_schedules`): a copy
stream filling one of two buffers while the compute stream works on the
other must take at most 1/1.25 of the serial loop's time (H100, three runs:
42.3-42.7 ms serially, 24.7-25.0 ms on two streams, 1.71-1.72x). On a CPU
there are no streams: 1x, it fails. Seconds throughout.
"""

from __future__ import annotations

from asynclab.checks.core import CheckResult, check
from asynclab.checks.gpu import CPU_SIZE, ROUNDS, SIZE, on_gpu
from asynclab.checks.relations import AtLeast
from asynclab.foundation.timing import time_call

CHUNKS_FACTOR = 1.25  # serial / two streams over the chunked reduction, at least this
CHUNK_MB, CPU_CHUNK_MB = 128, 8


@check(
    "gpu-chunks-on-two-streams",
    points=1,
    protocol=ROUNDS,
    calls="the chunked reduction",
    relations=(AtLeast("speedup", num="serial", den="two", threshold=CHUNKS_FACTOR),),
    sentence=(
        f"eight chunks took {{serial:.3g}} s serially and {{two:.3g}} s on two streams: {{speedup:.2f}}x "
        f"(needs >= {CHUNKS_FACTOR:g}x)"
    ),
    threshold=f">= {CHUNKS_FACTOR:g}x",
)
def check_chunks_on_two_streams(self, device: str = "cuda") -> CheckResult:
    """Eight chunks copied in and reduced: two streams with double buffers against the serial loop."""
    from asynclab.foundation.backends import torch as tb
    from asynclab.foundation.workloads.chunked import stream_schedules

    gpu = on_gpu(device)
    schedules = stream_schedules(
        device, chunk_mb=CHUNK_MB if gpu else CPU_CHUNK_MB, n=SIZE // 2 if gpu else CPU_SIZE // 2
    )
    return self.run(
        {
            "serial": lambda: time_call(schedules["serial"], sync=tb.sync_all),
            "two": lambda: time_call(schedules["two streams"], sync=tb.sync_all),
        }
    )
