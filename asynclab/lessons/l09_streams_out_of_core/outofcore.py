"""Lesson 09's experiments: a reduction over chunks of a file, serial or pipelined, and its GPU path.

The data set and the serial reduction live in :mod:`asynclab.foundation.workloads.chunked`
(the checks measure with them too); this module adds what only the lesson
needs: one timed run with its peak memory, the chunk-size sweep, and the
PyTorch version on two CUDA streams.

Lesson-helper layer.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from asynclab.foundation.memory import MemoryTrace, PeakMemory
from asynclab.foundation.timing import Samples, summarize
from asynclab.foundation.workloads import chunked

__all__ = ["ChunkRun", "run_reduction", "sweep", "SweepPoint", "gpu_chunked", "mindspore_streams"]

Reduction = Callable[[chunked.Dataset, int], float]


@dataclass(frozen=True)
class ChunkRun:
    """One reduction: its ``result``, ``seconds`` of wall time and ``peak_mb`` above the start (MB)."""

    label: str
    chunk: int
    result: float
    seconds: float
    peak_mb: float
    trace: MemoryTrace = field(repr=False, compare=False)

    @property
    def chunk_mb(self) -> float:
        """One chunk in memory (float64), MB."""
        return self.chunk * chunked.VALUE_BYTES / 1e6

    def __str__(self) -> str:
        return (
            f"{self.label}: chunk {self.chunk_mb:.1f} MB, {self.seconds:.3f} s, "
            f"peak +{self.peak_mb:.1f} MB ({self.peak_mb / self.chunk_mb:.1f} chunks)"
        )


def run_reduction(reduce: Reduction, data: chunked.Dataset, chunk: int, *, label: str = "") -> ChunkRun:
    """Run ``reduce(data, chunk)`` once with its clock and a memory sampler; the wait is inside ``reduce``."""
    chunk = chunked.check_chunk(chunk)
    from asynclab.foundation.workloads import release_free_memory

    release_free_memory()
    with PeakMemory(interval=0.002) as pm:
        start = time.perf_counter()
        result = reduce(data, chunk)
        seconds = time.perf_counter() - start
    return ChunkRun(
        label or getattr(reduce, "__name__", "reduce"),
        chunk,
        float(result),
        seconds,
        pm.trace.peak - pm.trace.baseline,
        pm.trace,
    )


@dataclass(frozen=True)
class SweepPoint:
    """One chunk size of :func:`sweep`: wall times (s) and peaks (MB) of its rounds."""

    chunk: int
    seconds: Samples
    peak_mb: Samples

    @property
    def chunk_mb(self) -> float:
        return self.chunk * chunked.VALUE_BYTES / 1e6


def sweep(
    reduce: Reduction, data: chunked.Dataset, chunks: Sequence[int], *, rounds: int = 3, progress: bool = False
) -> list[SweepPoint]:
    """``reduce`` at each chunk size, ``rounds`` times, the sizes interleaved round by round.

    ``progress=True`` draws a tqdm bar (on stderr without ipywidgets, which nbval counts as output).
    """
    if rounds < 1:
        raise ValueError(f"rounds must be at least 1, got {rounds}.")
    sizes = [chunked.check_chunk(c) for c in chunks]
    runs: dict[int, list[ChunkRun]] = {c: [] for c in sizes}
    steps = [(r, c) for r in range(rounds) for c in (sizes if r % 2 == 0 else sizes[::-1])]
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=len(steps), desc="chunk sizes", leave=False)
    try:
        for _, c in steps:
            runs[c].append(run_reduction(reduce, data, c))
            if bar is not None:
                bar.update()
    finally:
        if bar is not None:
            bar.close()
    return [
        SweepPoint(c, summarize(r.seconds for r in runs[c]), summarize((r.peak_mb for r in runs[c]), "MB"))
        for c in sizes
    ]


def gpu_chunked(chunk_mb: int = 128, chunks: int = 8, n: int = 4096, rounds: int = 3) -> dict[str, Samples] | None:
    """The three schedules of :func:`asynclab.foundation.workloads.chunked.stream_schedules` on CUDA, seconds each; None
    without CUDA."""
    try:
        import torch
    except ImportError:
        return None
    if not torch.cuda.is_available():
        return None
    from asynclab.foundation.timing import interleave, time_call

    schedules = chunked.stream_schedules("cuda", chunk_mb=chunk_mb, chunks=chunks, n=n)
    return interleave(
        {name: (lambda fn=fn: time_call(fn, sync=torch.cuda.synchronize)) for name, fn in schedules.items()},
        rounds=rounds,
    )


def _mindspore_probe(job: None = None) -> dict[str, str]:
    """In a fresh process: MindSpore's version, and what ``mindspore.hal`` and ``mindspore.runtime`` do with
    two streams on the CPU (one sentence each: the sum the streams computed and the current stream, or the
    error). ``job`` is unused."""
    import mindspore as ms
    import numpy as np

    ms.set_context(device_target="CPU")
    found = {"version": ms.__version__}
    x = ms.Tensor(np.ones(1000), ms.float32)
    for name in ("hal", "runtime"):
        api = getattr(ms, name, None)
        if api is None or not hasattr(api, "Stream"):
            found[name] = "no stream API"
            continue
        try:
            s1, s2 = api.Stream(), api.Stream()
            with api.StreamCtx(s1):
                a = (x + x).sum()
            with api.StreamCtx(s2):
                b = (x * x).sum()
            api.synchronize()
            current = api.current_stream() if hasattr(api, "current_stream") else None
            found[name] = f"two streams ran ({float(a.asnumpy()) + float(b.asnumpy()):g}); current stream: {current}"
        except Exception as error:
            found[name] = f"{type(error).__name__}: {str(error).splitlines()[0][:160]}"
    return found


def mindspore_streams(timeout: float = 120.0) -> str:
    """What this machine's MindSpore offers of streams on the CPU, in a fresh process, as sentences.

    ``timeout`` is in seconds; a probe that fails or runs past it gives one sentence saying so.
    """
    import importlib.util

    from asynclab.foundation.backends.fresh import FreshProcessError, run_program

    if importlib.util.find_spec("mindspore") is None:
        return "MindSpore is not installed here (make lab installs it; the test suite does not)."
    try:
        found = run_program(f"{__name__}:_mindspore_probe", timeout=timeout, what="MindSpore's probe").result
    except FreshProcessError as error:
        return str(error)
    return (
        f"MindSpore {found['version']} on the CPU: mindspore.hal: {found['hal']}; mindspore.runtime: {found['runtime']}"
    )
