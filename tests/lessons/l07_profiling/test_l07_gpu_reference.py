"""The reference GPU figures lessons 06-09 show without a GPU say where they come from.

Every figure in ``asynclab/data/gpu_reference.json`` names who recorded it and
what measures it again, and the lines the lessons print carry the machine, the
library versions and the date. No figure is measured here.
"""

from asynclab.checks.gpu import reference
from asynclab.tooling import gpucheck


def test_every_figure_has_a_source_and_a_command():
    stored = reference()
    sources = stored["sources"]
    every = {name for key, figures in stored.items() if key.startswith("figures_") for name in figures}
    assert set(sources) == every
    for name, source in sources.items():
        assert source["by"].strip(), name
        assert source["measure_again"].strip(), name
    for key in ("device", "torch", "cuda", "python", "date", "measure_again"):
        assert str(stored["machine"][key]).strip(), key


def test_the_printed_lines_carry_machine_versions_date_and_command():
    stored = reference()
    where = stored["machine"]
    lines = gpucheck.reference_lines(lambda name: "first" in name)
    head = lines[0]
    for fact in (where["device"], f"PyTorch {where['torch']}", f"CUDA {where['cuda']}", where["date"]):
        assert fact in head
    assert "not measured on this machine" in head
    assert any("measured again by: make gpu-check" in line for line in lines[1:])
    shown = [line for line in lines if line.startswith("    ")]
    assert len(shown) == sum("first" in name for key in stored if key.startswith("figures_") for name in stored[key])


def test_every_figure_was_measured_by_the_course_s_own_code():
    stored = reference()
    assert "gpu-check --reference" in stored["machine"]["by"]
    for name, source in stored["sources"].items():
        assert source["by"].startswith("measured by "), name
