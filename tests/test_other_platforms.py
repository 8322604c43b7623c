"""What the lessons and labs do where the course was not run: another C library, an MXNet without its store.

Logic only. The cells that rely on glibc's allocator (lessons 04 and 09, lab 09) run here with
``release_free_memory()`` / ``map_large_allocations()`` answering ``False``, as they do on macOS or
musl: each prints one sentence and asserts nothing glibc-specific; answering ``True``, as on this
machine, they print exactly their stored output. Lesson and lab 10 run here with MXNet's build
feature ``DIST_KVSTORE`` faked off: their first code cells stop with one sentence, and
``cluster.launch`` refuses before it starts anything. (Lab 10's checks: tests/lessons/l10_distributed_sgd.)
"""

import platform
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from asynclab.foundation.backends import cluster
from asynclab.tooling import nbtools

ROOT = Path(__file__).resolve().parents[1]


def _cell(notebook: str, cell_id: str) -> tuple[str, str]:
    """The code of cell ``cell_id`` without its IPython magics, and its stored text output."""
    nb = nbtools.read(ROOT / notebook)
    cells = [c for c in nb.cells if c.get("id") == cell_id]
    assert len(cells) == 1, f"{notebook} has no cell {cell_id!r}"
    code = "\n".join(line for line in cells[0].source.splitlines() if not line.startswith("%"))
    stored = "".join(o.get("text", "") for o in cells[0].get("outputs", []) if o.get("output_type") == "stream")
    return code, stored


# ------------------------------------------------------------------ glibc's allocator: lesson 04, section 3


def _lesson04_cell(capsys, trims: bool, peaks: tuple[float, float, float]) -> str:
    code, _ = _cell("notebooks/04_async_memory.ipynb", "b42fa38a")
    results = iter(SimpleNamespace(peak_mb=peak) for peak in peaks)
    training = SimpleNamespace(
        LAB="LAB",
        make_mlp=lambda config: "model",
        train_epoch=lambda *args, **kwargs: next(results),
        release_free_memory=lambda: trims,
    )
    exec(code, {"training": training})
    return capsys.readouterr().out


def test_lesson04_prints_its_stored_output_and_asserts_on_glibc(capsys):
    _, stored = _cell("notebooks/04_async_memory.ipynb", "b42fa38a")
    peaks = tuple(float(figure) for figure in re.findall(r"peak \+(\d+\.\d) MB", stored))
    assert len(peaks) == 3 and _lesson04_cell(capsys, True, peaks) == stored
    with pytest.raises(AssertionError, match="should hide part of the second's"):
        _lesson04_cell(capsys, True, (68.7, 41.0, 41.0))


def test_lesson04_says_in_one_sentence_that_another_c_library_has_no_malloc_trim(capsys):
    out = _lesson04_cell(capsys, False, (68.7, 41.0, 40.0))  # nothing hidden: no assertion to fail
    lines = out.splitlines()
    assert len(lines) == 4 and "no malloc_trim:" in lines[2]
    assert lines[3].startswith("This C library is not glibc") and lines[3].endswith(".")


# ------------------------------------------------------------------ glibc's mallopt: lesson and lab 09

CELLS_09 = [
    ("notebooks/09_streams_out_of_core.ipynb", "6e9d9f8c"),
    ("solutions/09_streams_out_of_core_lab.ipynb", "setup"),
    ("labs/09_streams_out_of_core_lab.ipynb", "setup"),
]


@pytest.mark.parametrize("notebook, cell_id", CELLS_09)
@pytest.mark.parametrize("glibc", [True, False])
def test_lesson_and_lab09_go_on_with_one_sentence_without_glibc(monkeypatch, capsys, notebook, cell_id, glibc):
    from asynclab.foundation import workloads

    code, stored = _cell(notebook, cell_id)
    # never the real call: it would change this test process's allocator for the tests after it
    monkeypatch.setattr(workloads, "map_large_allocations", lambda: glibc)
    exec(code, {"__name__": "cell"})
    out = capsys.readouterr().out
    if glibc:
        assert out == stored
    else:
        first, _, rest = out.partition("\n")
        assert first.startswith("This C library is not glibc") and first.endswith(".") and rest == stored


# ------------------------------------------------------------------ MXNet's distributed store: lesson and lab 10


def _features(monkeypatch, dist_kvstore):
    """MXNet's build features with DIST_KVSTORE on, off, or (None) unknown to the build."""
    import mxnet.runtime

    class Features:
        def is_enabled(self, name):
            if dist_kvstore is None and name == "DIST_KVSTORE":
                raise RuntimeError(f"Feature '{name}' is unknown, known features are: ['CPU_SSE']")
            return dist_kvstore if name == "DIST_KVSTORE" else True

    monkeypatch.setattr(mxnet.runtime, "Features", Features)


def test_importing_the_cluster_module_does_not_import_mxnet():
    code = "import sys; from asynclab.foundation.backends import cluster; print('mxnet' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "False"


def test_the_installed_wheel_answers_for_itself():
    import mxnet

    assert cluster.dist_kvstore_available() is mxnet.runtime.Features().is_enabled("DIST_KVSTORE")
    if (platform.system(), platform.machine()) == ("Linux", "x86_64"):
        assert cluster.dist_kvstore_available(), "the PyPI wheel mxnet==1.9.1 for Linux x86-64 has the store"


@pytest.mark.parametrize("dist_kvstore, expected", [(True, True), (False, False), (None, False)])
def test_the_store_is_available_as_the_build_features_say(monkeypatch, dist_kvstore, expected):
    _features(monkeypatch, dist_kvstore)
    assert cluster.dist_kvstore_available() is expected


def test_launch_refuses_in_one_sentence_and_starts_nothing_without_the_store(monkeypatch):
    _features(monkeypatch, False)

    def refuse(*args, **kwargs):
        raise AssertionError("launch started a process")

    monkeypatch.setattr(cluster, "_start", refuse)
    with pytest.raises(cluster.ClusterError) as refused:
        cluster.launch("tests.cluster_programs:returns_one", workers=2, timeout=60)
    text = str(refused.value)
    assert text == cluster.NO_DIST_KVSTORE and "\n" not in text
    assert "DIST_KVSTORE is off" in text and "mxnet==1.9.1 on Linux x86-64" in text
    assert cluster.alive() == []


CELLS_10 = [
    ("notebooks/10_distributed_sgd.ipynb", "b6909829"),
    ("solutions/10_distributed_sgd_lab.ipynb", "setup"),
    ("labs/10_distributed_sgd_lab.ipynb", "setup"),
]


@pytest.mark.parametrize("notebook, cell_id", CELLS_10)
def test_lesson_and_lab10_stop_in_their_first_code_cell_without_the_store(monkeypatch, capsys, notebook, cell_id):
    code, stored = _cell(notebook, cell_id)
    _features(monkeypatch, False)
    with pytest.raises(RuntimeError) as stopped:
        exec(code, {"__name__": "cell"})
    assert str(stopped.value) == cluster.NO_DIST_KVSTORE and capsys.readouterr().out == ""
    _features(monkeypatch, True)
    exec(code, {"__name__": "cell"})
    assert capsys.readouterr().out == stored
