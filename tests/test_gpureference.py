"""gpu-check --reference: the stored GPU figures are exactly what the course's own code measures.

No GPU here: the tests check that every stored figure is one the reference
command writes, with the source it writes, that every check and lesson function
it names exists, how missing figures are refused, and that the command refuses
to run where it cannot measure.
"""

import importlib

import pytest
import torch

from asynclab.checks.gpu import reference
from asynclab.foundation.timing import Samples
from asynclab.tooling import gpucheck, gpureference


def _fake_inputs(seconds: float = 0.002):
    checks: dict[str, dict[str, float]] = {}
    cases: dict[str, dict[str, Samples]] = {}
    for figure in gpureference.FIGURES.values():
        if figure.source == "check":
            checks.setdefault(figure.name, {})[figure.series] = seconds
        elif figure.unit == "ms":
            cases.setdefault(figure.name, {})[figure.series] = Samples((seconds / 2, seconds, 2 * seconds))
        else:
            cases.setdefault(figure.name, {})[figure.series] = 256.0
    return checks, {name: (lambda found=found: found) for name, found in cases.items()}


def test_the_stored_file_is_what_the_reference_command_writes():
    stored = reference()
    checks, probes = _fake_inputs()
    written = gpureference.measure(checks, probes, machine=stored["machine"])
    for unit in gpureference.UNITS:
        assert list(stored[f"figures_{unit}"]) == list(written[f"figures_{unit}"]), unit
    assert stored["sources"] == written["sources"]
    assert all(isinstance(v, float) and v > 0 for v in stored["figures_ms"].values())


def test_every_named_check_and_lesson_function_exists():
    checks = gpucheck.gpu_checks("cuda")
    for label, figure in gpureference.FIGURES.items():
        assert figure.source in ("check", "probe"), label
        if figure.source == "check":
            assert figure.name in checks, label
        else:
            assert figure.name in gpureference.PROBES, label
    for name in ("l06_automatic_parallelism.parallelism", "l07_profiling.pools", "l08_across_frameworks.frameworks"):
        module = importlib.import_module(f"asynclab.lessons.{name}")
        assert all(callable(getattr(module, f)) for f in module.__all__ if f.startswith("gpu_"))


def test_figures_are_stored_in_milliseconds():
    checks, probes = _fake_inputs(0.0215)
    written = gpureference.measure(checks, probes)
    assert written["figures_ms"]["8192x8192 float32 product, until ready (finish)"] == 21.5
    assert written["figures_ms"]["8 chunks of 128 MB copied in and reduced: serial loop"] == 21.5
    assert written["figures_MiB"]["PyTorch's pool around a 256 MiB tensor: reserved after del"] == 256.0
    assert written["figures_bytes"]["PyTorch's pool, a 4000-byte tensor: allocated"] == 256.0


def test_missing_figures_are_named_and_nothing_is_written():
    checks, probes = _fake_inputs()
    del checks["gpu-first-call"]
    with pytest.raises(ValueError, match=r"no figure for gpu-first-call fresh\.alloc_median"):
        gpureference.measure(checks, probes)
    checks, probes = _fake_inputs()
    probes["outofcore.gpu_chunked"] = lambda: None
    with pytest.raises(ValueError, match="outofcore.gpu_chunked measured nothing: it needs a CUDA device"):
        gpureference.measure(checks, probes)


@pytest.mark.skipif(torch.cuda.is_available(), reason="this machine has a CUDA device")
def test_the_lessons_gpu_functions_measure_nothing_without_cuda():
    for probe in gpureference.PROBES.values():
        assert probe() is None


def test_the_command_refuses_what_it_cannot_measure(tmp_path, capsys):
    target = tmp_path / "reference.json"
    assert gpucheck.main(device="cpu", reference=str(target)) == 2
    assert "--reference runs every check on a CUDA device" in capsys.readouterr().err
    assert gpucheck.main(names=("gpu-first-call",), reference=str(target)) == 2
    assert not target.exists()
