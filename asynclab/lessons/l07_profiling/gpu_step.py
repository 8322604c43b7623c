"""A training-like GPU step seen from below: the program Nsight Systems profiles in lesson 07.

``python -m asynclab.lessons.l07_profiling.gpu_step`` runs :func:`run_steps` with NVTX ranges, so
``nsys profile -t cuda,nvtx,osrt python -m asynclab.lessons.l07_profiling.gpu_step`` shows, per
step, the Python thread's launches, the copy of the next batch on a second stream, the two products
and the ReLU on the default stream, and the wait at the end. :func:`read_nsys` reads what Nsight
recorded from its SQLite export; ``asynclab/data/nsys_step.json`` holds one such reading, made on an
H100 by ``make gpu-nsys`` (:data:`MEASURE_AGAIN`), which :func:`nsys_reference` returns and
:func:`timeline_spans` turns into spans for :func:`asynclab.foundation.plots.timeline`. Times in
milliseconds.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

__all__ = ["MEASURE_AGAIN", "nsys_reference", "origin", "read_nsys", "run_steps", "timeline_spans"]

REFERENCE = Path(__file__).resolve().parents[2] / "data" / "nsys_step.json"
#: how the stored reading is recorded again (the Makefile's gpu-nsys runs nsys profile, nsys export -t sqlite
#: and this module's --from-nsys --write)
MEASURE_AGAIN = "make gpu-nsys, on a machine with a CUDA device, PyTorch and Nsight Systems (NSYS=path of its nsys)"

SIZE = 4096  # rows and columns of a batch and of each weight matrix (64 MiB each in float32)
STEPS = 6


def run_steps(steps: int = STEPS, n: int = SIZE) -> float:
    """Run ``steps`` steps on CUDA, each batch's copy overlapping the previous step's compute.

    Every step: ``h = relu(x @ w1) @ w2`` on the default stream while the next batch is copied from
    pinned host memory on a second stream; the step ends with one ``torch.cuda.synchronize()``.
    Returns the sum of the last output (so that the work has a result that is read). Needs CUDA.
    """
    import torch

    nvtx = torch.cuda.nvtx
    device = torch.device("cuda")
    w1 = torch.randn(n, n, device=device) / n**0.5
    w2 = torch.randn(n, n, device=device) / n**0.5
    host = [torch.randn(n, n).pin_memory() for _ in range(2)]
    copier = torch.cuda.Stream()
    with torch.cuda.stream(copier):
        batch = host[0].to(device, non_blocking=True)
    ready = torch.cuda.Event()
    ready.record(copier)
    out = None
    for step in range(steps):
        with nvtx.range(f"step {step}"):
            torch.cuda.current_stream().wait_event(ready)
            current = batch
            current.record_stream(torch.cuda.current_stream())  # read there: not reused before that
            with nvtx.range("copy next batch"), torch.cuda.stream(copier):
                batch = host[(step + 1) % 2].to(device, non_blocking=True)
                ready = torch.cuda.Event()
                ready.record(copier)
            with nvtx.range("forward"):
                out = torch.relu(current @ w1) @ w2
            with nvtx.range("wait"):
                torch.cuda.synchronize()
    assert out is not None
    return float(out.sum().item())


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def _kernel_label(name: str) -> str:
    """A short name for a kernel: cuBLAS's products are "gemm", PyTorch's elementwise kernels keep their name."""
    if "gemm" in name:
        return "gemm"
    return name.split("<")[0].split("(")[0].strip()[:32]


def read_nsys(sqlite_path: str | Path, shown_steps: tuple[int, int] = (1, 2)) -> dict[str, Any]:
    """What Nsight Systems recorded of :func:`run_steps`, read from its SQLite export (``nsys export -t sqlite``).

    Returns ``figures_ms`` (medians over the steps after the first, unless a name says otherwise),
    ``api_ms`` (the CUDA API calls of the whole run: name -> [calls, total ms], as ``nsys stats``'s
    ``cuda_api_sum`` counts them, the eight with the most time) and ``spans``: every NVTX range, CUDA
    API call, kernel and copy that overlaps steps ``shown_steps`` (first and last, inclusive), as
    ``[row, label, start, end]`` in milliseconds from the first step's start.
    """
    import sqlite3

    db = sqlite3.connect(str(sqlite_path))
    try:
        names = dict(db.execute("SELECT id, value FROM StringIds"))
        nvtx = db.execute("SELECT start, end, text FROM NVTX_EVENTS WHERE end IS NOT NULL ORDER BY start").fetchall()
        kernels = db.execute("SELECT start, end, streamId, shortName FROM CUPTI_ACTIVITY_KIND_KERNEL").fetchall()
        copies = db.execute("SELECT start, end, streamId, bytes, copyKind FROM CUPTI_ACTIVITY_KIND_MEMCPY").fetchall()
        api = db.execute("SELECT start, end, nameId FROM CUPTI_ACTIVITY_KIND_RUNTIME").fetchall()
    finally:
        db.close()
    ms = 1e-6  # the export's times are nanoseconds
    steps = {int(text.split()[1]): (s, e) for s, e, text in nvtx if text.startswith("step ")}
    if len(steps) < 3:
        raise ValueError(f"{sqlite_path} holds {len(steps)} NVTX steps; profile run_steps with at least 3.")
    later = [steps[k] for k in sorted(steps) if k > 0]

    def within(spans: list[tuple[int, int]], ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
        return [(s, e) for s, e in spans if any(lo <= s and e <= hi for lo, hi in ranges)]

    def phase(text: str) -> list[float]:
        return [(e - s) * ms for s, e, t in nvtx if t == text and any(lo <= s <= hi for lo, hi in later)]

    gemms = within([(s, e) for s, e, _, n in kernels if "gemm" in names.get(n, "")], later)
    uploads = within([(s, e) for s, e, _, _, kind in copies if kind == 1], later)
    compute = sorted((s, e) for s, e, _, n in kernels)
    covered = sum(max(0, min(e, ce) - max(s, cs)) for s, e in uploads for cs, ce in compute)
    api_name = {n: names.get(n, str(n)).rsplit("_v", 1)[0] for _, _, n in api}
    totals: dict[str, list[float]] = {}
    for s, e, n in api:
        entry = totals.setdefault(api_name[n], [0, 0.0])
        entry[0] += 1
        entry[1] += (e - s) * ms
    top = sorted(totals.items(), key=lambda item: -item[1][1])[:8]
    figures = {
        "a step": _median([(e - s) * ms for s, e in later]),
        "the first step (step 0)": (steps[0][1] - steps[0][0]) * ms,
        "the first step: in CUDA API calls": sum(
            (e - s) * ms for s, e, _ in api if steps[0][0] <= s and e <= steps[0][1]
        ),
        "the first step: in cuLibraryLoadData (loading kernels' code)": sum(
            (e - s) * ms for s, e, n in api if api_name[n] == "cuLibraryLoadData" and steps[0][0] <= s <= steps[0][1]
        ),
        "one product (gemm) on the GPU": _median([(e - s) * ms for s, e in gemms]),
        "the copy of the next batch (64 MiB, host to device), on the GPU": _median([(e - s) * ms for s, e in uploads]),
        "share of that copy's time with a kernel running beside it": covered / sum(e - s for s, e in uploads),
        "the Python thread: issuing the copy (NVTX 'copy next batch')": _median(phase("copy next batch")),
        "the Python thread: issuing the forward pass (NVTX 'forward')": _median(phase("forward")),
        "the Python thread: cudaDeviceSynchronize (NVTX 'wait')": _median(phase("wait")),
    }
    lo, hi = steps[shown_steps[0]][0], steps[shown_steps[1]][1]
    spans: list[list[Any]] = []

    def keep(row: str, label: str, s: int, e: int) -> None:
        if e > lo and s < hi:
            spans.append([row, label, round((s - lo) * ms, 4), round((e - lo) * ms, 4)])

    for s, e, text in nvtx:
        keep("NVTX: step" if text.startswith("step ") else "NVTX: phase", text, s, e)
    for s, e, n in api:
        keep("CUDA API (Python thread)", api_name[n], s, e)
    for s, e, stream, n in kernels:
        keep(f"GPU stream {stream}", _kernel_label(names.get(n, "")), s, e)
    for s, e, stream, size, kind in copies:
        keep(f"GPU stream {stream}", f"copy {size // 2**20} MiB" + (" H2D" if kind == 1 else ""), s, e)
    return {
        "figures_ms": {k: round(v, 4) for k, v in figures.items()},
        "api_ms": {k: [int(v[0]), round(v[1], 3)] for k, v in top},
        "spans": sorted(spans, key=lambda r: (r[0], r[2])),
    }


def nsys_reference() -> dict[str, Any]:
    """The stored Nsight Systems reading of :func:`run_steps` (``asynclab/data/nsys_step.json``)."""
    import json

    return json.loads(REFERENCE.read_text(encoding="utf-8"))


#: the CUDA API calls a timeline names; the others are drawn as "other CUDA calls"
NAMED_CALLS = {
    "cudaLaunchKernel": "kernel launch",
    "cudaLaunchKernelExC": "kernel launch",
    "cudaMemcpyAsync": "cudaMemcpyAsync",
    "cudaDeviceSynchronize": "cudaDeviceSynchronize",
    "cudaMalloc": "cudaMalloc",
}


def timeline_spans(reading: dict[str, Any]) -> list[tuple[str, str, float, float]]:
    """A reading's spans as ``(row, label, start, end)`` in seconds, for :func:`asynclab.foundation.plots.timeline`.

    The rows come in the order Nsight shows them (NVTX, the thread's CUDA calls, the streams); calls
    other than launches, copies, the wait and allocations share one label, and PyTorch's elementwise
    kernel, which is the ReLU here, is named so.
    """
    order = ["NVTX: step", "NVTX: phase", "CUDA API (Python thread)"]
    rank = {row: i for i, row in enumerate(order)}
    spans = sorted(reading["spans"], key=lambda r: (rank.get(r[0], len(order)), r[0], r[2]))
    out = []
    for row, label, start, end in spans:
        if row.startswith("CUDA API"):
            label = NAMED_CALLS.get(label, "other CUDA calls")
        elif label == "vectorized_elementwise_kernel":
            label = "ReLU (elementwise kernel)"
        out.append((row, label, start / 1e3, end / 1e3))
    return out


def origin(reading: dict[str, Any]) -> str:
    """One line: where, when and with what the reading was recorded, and how to record it again."""
    m = reading["machine"]
    return (
        f"Recorded by Nsight Systems {m['nsys']} on an {m['device']} (PyTorch {m['torch']}, CUDA {m['cuda']}, "
        f"{m['date']}); recorded again by: {m['measure_again']}"
    )


def main(argv: list[str] | None = None) -> None:
    """Run the steps (for ``nsys profile``), or write the reference file from an Nsight export."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=STEPS)
    parser.add_argument("--size", type=int, default=SIZE)
    parser.add_argument("--from-nsys", metavar="SQLITE", help="read this nsys SQLite export instead of running")
    parser.add_argument("--write", metavar="JSON", help="with --from-nsys: write the reading here")
    parser.add_argument("--nsys-version", default="", help="with --write: the nsys that recorded it")
    args = parser.parse_args(argv)
    if args.from_nsys is None:
        print(f"{args.steps} steps done, sum of the last output {run_steps(args.steps, args.size):.4g}")
        return
    if not Path(args.from_nsys).is_file():
        parser.exit(2, f"gpu_step: {args.from_nsys} is not a file; make it with nsys export -t sqlite.\n")
    reading = read_nsys(args.from_nsys)
    if args.write:
        import datetime
        import json
        import platform

        import torch

        reading = {
            "machine": {
                "device": torch.cuda.get_device_name() if torch.cuda.is_available() else "",
                "torch": torch.__version__,
                "cuda": torch.version.cuda or "",
                "python": platform.python_version(),
                "nsys": args.nsys_version,
                "date": datetime.date.today().isoformat(),
                "measure_again": MEASURE_AGAIN,
            },
            **reading,
        }
        Path(args.write).write_text(json.dumps(reading, indent=1) + "\n", encoding="utf-8")
        print(f"gpu_step: wrote {len(reading['spans'])} spans and {len(reading['figures_ms'])} figures to {args.write}")
    else:
        for name, value in reading["figures_ms"].items():
            print(f"{name}: {value:g}")


if __name__ == "__main__":
    main()
