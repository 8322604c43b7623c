"""The import rules between asynclab's layers, read from the source with ``ast``.

- the foundation (timing, memory, profiling, backends.*, engine, workloads.*) imports
  nothing of asynclab outside the foundation, so that a lesson's demo
  cannot change what a check measures;
- the checks import the foundation only, never a lesson helper;
- importing the engine or the checks loads neither matplotlib nor MXNet.

Every import counts, at module level or inside a function.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "asynclab"
FOUNDATION = ("asynclab.timing", "asynclab.memory", "asynclab.backends", "asynclab.engine", "asynclab.engine_reference",
              "asynclab.workloads", "asynclab.profiling")
LESSON_HELPERS = ("training", "loops", "parallelism", "syncpoints", "engine_demos", "models", "frameworks", "outofcore",
                  "distributed", "plots", "nbtools", "grading", "gpucheck")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def in_layer(name: str, layer: tuple[str, ...]) -> bool:
    return any(name == top or name.startswith(top + ".") for top in layer)


def asynclab_imports(name: str, path: Path) -> list[tuple[int, str]]:
    """(line, imported module) for every import of asynclab in ``path``, nested ones included."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if module == "asynclab":      # from asynclab import timing, plots
                found += [(node.lineno, f"asynclab.{alias.name}") for alias in node.names]
            else:
                found.append((node.lineno, module))
    return [(line, module) for line, module in found if module == "asynclab" or module.startswith("asynclab.")]


def offences(importers: tuple[str, ...], allowed: callable) -> list[str]:
    out = []
    for name, path in modules().items():
        if not in_layer(name, importers):
            continue
        for line, module in asynclab_imports(name, path):
            if module != "asynclab" and not allowed(module):
                out.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {module}")
    return out


def test_the_parser_sees_nested_and_relative_imports(tmp_path):
    fake = tmp_path / "example.py"      # read as if it were asynclab/workloads/example.py
    fake.write_text("import os\ndef f():\n    from asynclab import plots\n    from ..backends import mxnet\n"
                    "    from .. import loops\n    import asynclab.training as t\n")
    found = asynclab_imports("asynclab.workloads.example", fake)
    assert [m for _, m in found] == ["asynclab.plots", "asynclab.backends", "asynclab.loops", "asynclab.training"]


def test_the_foundation_imports_only_the_foundation():
    assert modules().keys() >= {"asynclab.timing", "asynclab.engine", "asynclab.workloads.mlp"}
    bad = offences(FOUNDATION, lambda module: in_layer(module, FOUNDATION))
    assert not bad, ("the foundation (timing, memory, backends, engine, workloads) must not import lesson "
                     "helpers or checks, but " + "; ".join(bad))


def test_the_checks_import_no_lesson_helper():
    helpers = tuple(f"asynclab.{name}" for name in LESSON_HELPERS)
    bad = offences(("asynclab.checks",), lambda module: not in_layer(module, helpers))
    assert not bad, ("the checks must measure the shared workloads (asynclab.workloads), never a lesson "
                     "helper, but " + "; ".join(bad))


@pytest.mark.kernel
def test_importing_the_engine_and_the_checks_loads_no_plotting_and_no_framework():
    code = ("import asynclab.engine, asynclab.checks, sys; "
            "loaded = [m for m in ('matplotlib', 'mxnet') if m in sys.modules]; "
            "assert not loaded, f'importing asynclab.engine and asynclab.checks loaded {loaded}'")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          cwd=PACKAGE.parent)
    assert proc.returncode == 0, proc.stderr.strip().splitlines()[-1]


NEUTRAL = ("asynclab.timing", "asynclab.memory", "asynclab.engine", "asynclab.engine_reference",
           "asynclab.checks", "asynclab.checks.core", "asynclab.checks.relations", "asynclab.plots",
           "asynclab.backends", "asynclab.backends.fresh", "asynclab.backends.numpy", "asynclab.backends.torch")


@pytest.mark.kernel
def test_the_framework_neutral_modules_import_where_mxnet_cannot():
    """On a stack without MXNet (a GPU machine with Python 3.12 and numpy 2), these still import."""
    code = ("import importlib, sys; sys.modules['mxnet'] = None; "   # None in sys.modules: import fails
            f"[importlib.import_module(name) for name in {NEUTRAL!r}]")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          cwd=PACKAGE.parent)
    assert proc.returncode == 0, proc.stderr.strip().splitlines()[-1]
