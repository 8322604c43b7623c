"""``python -m asynclab gpu-check``: every GPU check of the course, one verdict line each.

Needs only PyTorch. Exit status: 0 when every check passed, 1 when one
failed, 2 when there is nothing to check (no PyTorch, no CUDA device, an
unknown check). ``--save FILE`` writes the verdicts, their figures and the
machine (GPU name, PyTorch and CUDA versions, date) as JSON: how the
reference figures that lessons show on a CPU-only machine are recorded.
:func:`reference_lines` is how the lessons show those figures: each with the
machine, the library versions, the date, who recorded it and the command
that measures it again.
"""

from __future__ import annotations

import datetime
import json
import platform
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["machine", "main", "gpu_checks", "run_all", "reference_lines"]


def machine(device: str) -> dict[str, Any]:
    """What the figures were measured on: the device's name, PyTorch, CUDA, Python, the date."""
    import torch

    on_cuda = torch.device(device).type == "cuda"
    return {
        "device": torch.cuda.get_device_name(torch.device(device)) if on_cuda else f"CPU ({platform.machine()})",
        "torch": torch.__version__,
        "cuda": torch.version.cuda if on_cuda else None,
        "python": platform.python_version(),
        "date": datetime.date.today().isoformat(),
    }


def _number(value: float) -> str:
    """Three significant digits, or the whole number from 1000 up (no exponent)."""
    return f"{value:.3g}" if abs(value) < 1000 else f"{value:.0f}"


def reference_lines(select: Callable[[str], bool] | None = None) -> list[str]:
    """The stored reference GPU figures (all, or those whose name ``select`` accepts) as lines to print.

    The first line says where, when and by what they were measured (``asynclab/data/gpu_reference.json``,
    written by ``gpu-check --reference``); then one group per source: the GPU check or the lesson
    function that measured the figures, and what measures them again. Figures in ms, three digits.
    """
    from asynclab.checks.gpu import reference
    from asynclab.tooling.gpureference import UNITS

    stored = reference()
    where = stored["machine"]
    lines = [
        f"No CUDA device here: reference figures, not measured on this machine. Measured {where['date']} on an "
        f"{where['device']} (PyTorch {where['torch']}, CUDA {where['cuda']}, Python {where['python']}) by "
        f"{where.get('by', 'the course team')}."
    ]
    groups: dict[tuple[str, str], list[str]] = {}
    every = [(name, value, unit) for unit in UNITS for name, value in stored.get(f"figures_{unit}", {}).items()]
    for name, value, unit in every:
        if select is not None and not select(name):
            continue
        source = stored.get("sources", {}).get(name, {})
        key = (source.get("by", ""), source.get("measure_again", where.get("measure_again", "")))
        shown = "-".join(_number(v) for v in value) if isinstance(value, list) else _number(value)
        groups.setdefault(key, []).append(f"    {name}: {shown} {unit}")
    for (by, again), figures in groups.items():
        lines.append(f"  {by}; measured again by: {again}")
        lines.extend(figures)
    return lines


def gpu_checks(device: str = "cuda") -> dict[str, Any]:
    """Every GPU check of the course by name, lesson by lesson (lessons with the trait ``gpu``).

    On a device that is not CUDA, the checks a lesson lists in ``CUDA_ONLY`` are left out.
    """
    import importlib

    from asynclab import course
    from asynclab.checks.core import declared

    found: dict[str, Any] = {}
    for lesson in course.lessons():
        if not lesson.has("gpu"):
            continue
        module = importlib.import_module(f"{lesson.package}.gpu")
        cuda_only = set(getattr(module, "CUDA_ONLY", ()))
        found.update(
            {name: c for name, c in declared(module).items() if device.startswith("cuda") or name not in cuda_only}
        )
    return found


def run_all(device: str = "cuda", names: tuple[str, ...] | None = None) -> list:
    """Run the GPU checks (all, or ``names``) on ``device``; a failing check is returned, not raised."""
    from asynclab.checks.core import CheckFailed

    checks = gpu_checks("cuda")
    unknown = sorted(set(names or ()) - set(checks))
    if unknown:
        raise ValueError(f"unknown GPU check(s) {', '.join(unknown)}; the checks are {', '.join(checks)}.")
    results = []
    for name, check in checks.items():
        if names and name not in names:
            continue
        try:
            results.append(check(device))
        except CheckFailed as failed:
            results.append(failed.result)
    return results


def _say(text: str) -> None:
    print(text, flush=True)


def main(
    device: str = "cuda", names: tuple[str, ...] = (), save: str | None = None, reference: str | None = None
) -> int:
    """Run the checks and print one verdict each; ``save`` writes the verdicts, ``reference`` the reference
    figures (:mod:`asynclab.tooling.gpureference`, every check and the lessons' GPU functions, CUDA only)."""
    try:
        import torch
    except ImportError:
        print("gpu-check: PyTorch is not installed here; install torch to run the GPU checks.", file=sys.stderr)
        return 2
    try:
        kind = torch.device(device).type
    except RuntimeError:
        print(f"gpu-check: {device!r} is not a device PyTorch knows (try cuda, cuda:1 or cpu).", file=sys.stderr)
        return 2
    if kind == "cuda" and not torch.cuda.is_available():
        print(
            "gpu-check: no CUDA device here (torch.cuda.is_available() is False); nothing was checked. "
            "The lessons show reference figures measured on a GPU instead.",
            file=sys.stderr,
        )
        return 2
    every = gpu_checks("cuda")
    unknown = sorted(set(names) - set(every))
    if unknown:
        print(f"gpu-check: unknown check(s) {', '.join(unknown)}; the checks are {', '.join(every)}.", file=sys.stderr)
        return 2
    if reference and (names or kind != "cuda"):
        print(
            "gpu-check: --reference runs every check on a CUDA device; leave out --check and --device cpu.",
            file=sys.stderr,
        )
        return 2
    names = names or tuple(every)
    if kind != "cuda":
        here = gpu_checks(device)
        names = tuple(n for n in names if n in here)
        _say(
            f"gpu-check on {device}: the GPU probes on the CPU, where PyTorch runs each operator before "
            "returning (CUDA events need a GPU, so that check is left out)"
        )
    if not names:
        print("gpu-check: nothing to run: CUDA events need a CUDA device.", file=sys.stderr)
        return 2
    where = machine(device)
    _say(
        f"gpu-check: {where['device']}, PyTorch {where['torch']}"
        + (f", CUDA {where['cuda']}" if where["cuda"] else "")
        + f", {len(names)} check(s)"
    )
    results = run_all(device, names)
    for result in results:
        _say(result.verdict())
        shown = ", ".join(f"{k}={v:.4g}" for k, v in result.figures.items() if isinstance(v, (int, float)))
        _say(f"    figures: {shown}")
    passed = sum(r.passed for r in results)
    _say(f"gpu-check: {passed} of {len(results)} passed")
    if save:
        report = {"machine": where, "results": [r.to_dict() for r in results]}
        Path(save).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
        _say(f"gpu-check: wrote {save}")
    if reference:
        from asynclab.tooling import gpureference

        _say("gpu-check: measuring the lessons' GPU functions for the reference figures")
        try:
            figures = gpureference.measure({r.name: r.figures for r in results}, machine=where)
        except ValueError as error:
            print(f"gpu-check: no reference written: {error}", file=sys.stderr)
            return 1
        gpureference.write(reference, figures)
        count = sum(len(figures[f"figures_{unit}"]) for unit in gpureference.UNITS)
        _say(f"gpu-check: wrote {count} reference figures to {reference}")
    return 0 if passed == len(results) else 1
