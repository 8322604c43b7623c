"""The reference GPU figures, every one measured by the course's own code: ``gpu-check --reference FILE``.

A machine without a CUDA device cannot measure the GPU paths of lessons
06-09, so the lessons show figures stored with the package
(``asynclab/data/gpu_reference.json``) instead. This module is what writes
that file, on a machine with a CUDA device: each figure in :data:`FIGURES` is
taken either from a GPU check of the course (its median for one series) or
from a GPU function of a lesson (the median of one of its cases), and the file
records, figure by figure, which of them measured it and the command that
measures it again, beside the machine (GPU, PyTorch, CUDA, Python, date).
Times are stored in milliseconds (``figures_ms``), memory in MiB (``figures_MiB``) and
byte counts in bytes (``figures_bytes``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["Figure", "FIGURES", "PROBES", "UNITS", "measure", "write"]


@dataclass(frozen=True)
class Figure:
    """Where one reference figure comes from: a GPU check's series, or a lesson function's case.

    ``source`` is ``"check"`` (then ``name`` is the check and ``series`` a key of its figures, in
    seconds) or ``"probe"`` (then ``name`` is a key of :data:`PROBES` and ``series`` one of the
    cases that function returns: :class:`asynclab.foundation.timing.Samples` in seconds when
    ``unit`` is ``"ms"``, a plain number already in ``unit`` otherwise). ``again`` is what a
    reader runs to measure it again.
    """

    source: str
    name: str
    series: str
    again: str
    unit: str = "ms"


def _lesson(module: str, function: str) -> Callable[[], Mapping[str, Any] | None]:
    def run() -> Mapping[str, Any] | None:
        import importlib

        return getattr(importlib.import_module(f"asynclab.lessons.{module}"), function)()

    return run


#: the lesson functions whose cases become figures (each returns None without CUDA)
PROBES: dict[str, Callable[[], Mapping[str, Any] | None]] = {
    "parallelism.gpu_copy_call": _lesson("l06_automatic_parallelism.parallelism", "gpu_copy_call"),
    "parallelism.gpu_beside_cpu": _lesson("l06_automatic_parallelism.parallelism", "gpu_beside_cpu"),
    "frameworks.gpu_tiny_ops": _lesson("l08_across_frameworks.frameworks", "gpu_tiny_ops"),
    "outofcore.gpu_chunked": _lesson("l09_streams_out_of_core.outofcore", "gpu_chunked"),
    "pools.gpu_pool": _lesson("l07_profiling.pools", "gpu_pool"),
}
#: the units a figure may have, each stored under ``figures_<unit>``
UNITS = ("ms", "MiB", "bytes")

_CHECK = "make gpu-check (check {})"
_LESSON06 = "lesson 06's GPU cell on a CUDA machine ({})"
_AROUND = "PyTorch's pool around a 256 MiB tensor: "
_SMALL = "PyTorch's pool, a 4000-byte tensor: "

#: each source's figures, in the order the file lists them: (source, name, how to measure again,
#: [(the name the lessons select the figure with, the source's series, and its unit when not ms)])
_SOURCES: tuple[tuple[str, str, str, tuple[tuple[str, ...], ...]], ...] = (
    (
        "check",
        "gpu-queue-vs-finish",
        _CHECK.format("gpu-queue-vs-finish"),
        (
            ("8192x8192 float32 product, call (enqueue)", "product.enqueue_median"),
            ("8192x8192 float32 product, until ready (finish)", "product.finish_median"),
        ),
    ),
    (
        "check",
        "gpu-launch-blocking",
        _CHECK.format("gpu-launch-blocking"),
        (("the same call with CUDA_LAUNCH_BLOCKING=1 (enqueue)", "blocking.enqueue_median"),),
    ),
    (
        "check",
        "gpu-events-see-the-work",
        _CHECK.format("gpu-events-see-the-work"),
        (
            ("time.perf_counter around the call, no synchronize", "clocks.perf_counter_median"),
            ("CUDA events around the call", "clocks.events_median"),
        ),
    ),
    (
        "probe",
        "frameworks.gpu_tiny_ops",
        "lesson 08's frameworks.gpu_tiny_ops() on a CUDA machine",
        (
            ("tiny op (y = y + 1, one element), per op, queued", "queued"),
            ("tiny op, per op, torch.cuda.synchronize() after each", "synchronize after each"),
        ),
    ),
    (
        "check",
        "gpu-first-call",
        _CHECK.format("gpu-first-call") + "; lesson 07's GPU cell",
        (
            ("first CUDA allocation in a process", "fresh.alloc_median"),
            ("first 4096x4096 product (cuBLAS start)", "fresh.first_median"),
            ("a later 4096x4096 product", "fresh.warm_median"),
        ),
    ),
    (
        "check",
        "gpu-copy-beside-compute",
        _CHECK.format("gpu-copy-beside-compute") + "; lesson 06's GPU cell on a CUDA machine (parallelism.gpu_streams)",
        (
            ("1 GiB host-to-device copy from pinned memory, alone", "pair.copy_median"),
            ("8192x8192 float32 product, alone (two-stream test)", "pair.product_median"),
            ("the pinned copy and the product on one stream", "pair.one_median"),
            ("the pinned copy and the product on two streams", "pair.two_median"),
        ),
    ),
    (
        "probe",
        "parallelism.gpu_copy_call",
        _LESSON06.format("parallelism.gpu_copy_call"),
        (
            ("non_blocking copy of 256 MB from pageable memory, time the call holds Python", "pageable"),
            ("non_blocking copy of 256 MB from pinned memory, time the call holds Python", "pinned"),
        ),
    ),
    (
        "probe",
        "parallelism.gpu_beside_cpu",
        _LESSON06.format("parallelism.gpu_beside_cpu"),
        (
            ("CPU and GPU at once: ten 8192x8192 GPU products alone", "GPU alone"),
            ("CPU and GPU at once: five 2000x2000 CPU products alone", "CPU alone"),
            ("CPU and GPU at once: both, one after the other", "one after the other"),
            ("CPU and GPU at once: both, GPU work queued first, the CPU working meanwhile", "GPU queued first"),
        ),
    ),
    (
        "probe",
        "outofcore.gpu_chunked",
        "lesson 09's GPU cell on a CUDA machine (outofcore.gpu_chunked); make gpu-check "
        "(check gpu-chunks-on-two-streams) times the serial loop against two streams",
        (
            ("8 chunks of 128 MB copied in and reduced: serial loop", "serial"),
            ("8 chunks of 128 MB copied in and reduced: two streams, double buffers and events", "two streams"),
            (
                "8 chunks of 128 MB copied in and reduced: copy stream waits for all earlier compute",
                "copy waits for all compute",
            ),
        ),
    ),
    (
        "probe",
        "pools.gpu_pool",
        "lesson 07's pools.gpu_pool() on a CUDA machine (its GPU cell in section 7)",
        (
            *(
                (_AROUND + case, case, "MiB")
                for case in (
                    "allocated with the tensor",
                    "reserved with the tensor",
                    "allocated after del",
                    "reserved after del",
                    "reserved after a second tensor of the same size",
                    "reserved after empty_cache",
                )
            ),
            (_AROUND + "the driver's count of memory in use after del", "driver: used after del", "MiB"),
            (_AROUND + "the driver's count after empty_cache", "driver: used after empty_cache", "MiB"),
            (_SMALL + "allocated", "small tensor: bytes allocated", "bytes"),
            (_SMALL + "reserved", "small tensor: MiB reserved", "MiB"),
        ),
    ),
)

#: every reference figure, by the name the lessons select it with
FIGURES: dict[str, Figure] = {
    label: Figure(source, name, series, again, *unit)
    for source, name, again, figures in _SOURCES
    for label, series, *unit in figures
}


def measure(
    checks: Mapping[str, Mapping[str, float]],
    probes: Mapping[str, Callable[[], Mapping[str, Any] | None]] = PROBES,
    machine: Mapping[str, Any] | None = None,
    command: str = "python -m asynclab gpu-check --reference FILE",
) -> dict[str, Any]:
    """The reference file's contents from the checks' figures (``{check: figures}``, seconds) and the probes.

    Raises ValueError, naming them, when figures are missing: a check that was not run or lacks a
    series, or a probe that returned None (no CUDA device) or lacks a case.
    """
    results: dict[str, Mapping[str, Any]] = {}
    for name in sorted({f.name for f in FIGURES.values() if f.source == "probe"}):
        found = probes[name]()
        if found is None:
            raise ValueError(f"{name} measured nothing: it needs a CUDA device.")
        results[name] = found
    figures: dict[str, dict[str, float]] = {unit: {} for unit in UNITS}
    sources: dict[str, dict[str, str]] = {}
    missing = []
    for label, figure in FIGURES.items():
        if figure.source == "check":
            value = checks.get(figure.name, {}).get(figure.series)
            by = f"measured by the GPU check {figure.name}"
        else:
            case = results[figure.name].get(figure.series)
            value = None if case is None else (case.median if figure.unit == "ms" else case)
            by = f"measured by {figure.name}"
        if value is None:
            missing.append(f"{figure.name} {figure.series}")
            continue
        figures[figure.unit][label] = round((1e3 if figure.unit == "ms" else 1) * float(value), 4)
        sources[label] = {"by": by, "measure_again": figure.again}
    if missing:
        raise ValueError(f"no figure for {', '.join(missing)}.")
    where = dict(machine or {})
    where.setdefault("by", f"the course's own code ({command})")
    where.setdefault("measure_again", "on a machine with a CUDA device and PyTorch: " + command)
    return {"machine": where, **{f"figures_{unit}": figures[unit] for unit in UNITS}, "sources": sources}


def write(path: str | Path, reference: Mapping[str, Any]) -> None:
    """Write ``reference`` (as :func:`measure` returns it) as JSON to ``path``."""
    Path(path).write_text(json.dumps(reference, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
