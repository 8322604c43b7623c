"""The course's Jupyter kernel: the compute budget first, then IPython's kernel.

``python -m asynclab.tooling.kernel -f {connection_file}`` is the kernelspec ``asynclab``
(display name *Python 3 (asynclab)*) that :func:`install` writes, ``python -m asynclab
kernelspec`` installs and ``make setup`` runs. The launcher calls
:func:`asynclab.foundation.budget.apply` with ``force=True`` before IPython or any library
starts: whatever environment started the kernel (JupyterLab, nbval, nbclient, the grader,
which copy their own ``os.environ``), its variables, CPUs and pools are the budget's. The
kernelspec's ``env`` carries :func:`~asynclab.foundation.budget.environment` as well, for
tools that read it.

With ``ASYNCLAB_CHECK_FIGURES=1`` in its environment the kernel checks every figure it displays
(:func:`check_figures_on_display`): a figure that breaks the course's layout rules
(:func:`asynclab.foundation.figures.layout_problems`: overlapping or cut text, bars on a log
axis, hidden series, labels on whiskers) makes the cell fail with one sentence per problem.
``make nbval`` and ``make test`` set it, and load this module as a pytest plugin
(``-p asynclab.tooling.kernel``) that turns it off for the notebooks in :data:`FIGURES_UNCHECKED` and,
at the session's end, removes the profiler folders of the kernels nbval killed.

Importing this module imports nothing heavy: the launcher's own imports come after the budget.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from asynclab.foundation import budget

__all__ = [
    "KERNEL_NAME",
    "DISPLAY_NAME",
    "CHECK_FIGURES",
    "FIGURES_UNCHECKED",
    "kernel_spec",
    "install",
    "check_figures_on_display",
    "main",
]

KERNEL_NAME = "asynclab"
DISPLAY_NAME = "Python 3 (asynclab)"
LAUNCHER = "asynclab.tooling.kernel"
CHECK_FIGURES = "ASYNCLAB_CHECK_FIGURES"  # "1": every figure the kernel displays is checked
# Notebooks whose figures nbval does not check yet (paths from the repository's root): their owners
# fix their figures, then take them off this list.
FIGURES_UNCHECKED: tuple[str, ...] = ()  # every notebook of the course passes the check


def kernel_spec(python: str | None = None, declared: budget.Budget = budget.BUDGET) -> dict[str, Any]:
    """What the course's kernel.json says (ipykernel adds its metadata): ``python`` (default: this one)
    runs the launcher, with the variables of ``declared`` (the launcher imposes them in any case)."""
    return {
        # -Xfrozen_modules=off as ipykernel's own kernelspec has it (the debugger needs it)
        "argv": [python or sys.executable, "-Xfrozen_modules=off", "-m", LAUNCHER, "-f", "{connection_file}"],
        "display_name": DISPLAY_NAME,
        "language": "python",
        "env": budget.environment(declared),
    }


def install(*, user: bool = False, prefix: str | None = None) -> str:
    """Install the kernelspec (replacing one of the same name); returns the folder it is in.

    ``prefix``: under ``PREFIX/share/jupyter/kernels`` (``sys.prefix`` for this environment);
    ``user``: in the user's Jupyter folder; neither: system-wide, as ``jupyter kernelspec`` does.
    """
    import shutil
    import tempfile

    from ipykernel.kernelspec import write_kernel_spec  # the logos beside kernel.json
    from jupyter_client.kernelspec import KernelSpecManager

    folder = Path(tempfile.mkdtemp(prefix="asynclab-kernelspec-"))
    try:
        path = write_kernel_spec(folder / KERNEL_NAME, overrides=kernel_spec())
        return KernelSpecManager().install_kernel_spec(path, kernel_name=KERNEL_NAME, user=user, prefix=prefix)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _checked_figure_text(figure: Any, printer: Any, cycle: bool) -> None:
    """The plain-text form of a displayed figure (as IPython's), after checking its layout."""
    if not getattr(figure, "_asynclab_checked", False):
        _check([figure])  # raises: IPython shows the traceback, an error output that fails the cell
    printer.text(repr(figure))


def _check(figures: list) -> None:
    from asynclab.foundation.figures import check_figures

    for figure in figures:
        figure._asynclab_checked = True
    check_figures(figures)


def check_figures_on_display(shell: Any) -> None:
    """Check each matplotlib figure ``shell`` shows, and fail the cell that drew one that breaks the
    layout rules, with a traceback naming each problem (the picture is still shown).

    After each cell (``post_execute``, before the inline backend shows the cell's figures) every
    open figure not checked yet is; a figure shown during a cell (``plt.show()``, ``display(fig)``)
    is checked as it is formatted: the kernel's plain-text form of a figure checks it first. That
    form is registered again before and after each cell, since the inline backend clears the
    figure's formatters when it starts."""

    def register(*_: Any) -> None:
        plain = shell.display_formatter.formatters["text/plain"]
        plain.for_type_by_name("matplotlib.figure", "Figure", _checked_figure_text)

    def after_cell() -> None:
        register()
        if "matplotlib.pyplot" not in sys.modules:
            return
        from matplotlib._pylab_helpers import Gcf

        figures = [m.canvas.figure for m in Gcf.get_all_fig_managers()]
        _check([f for f in figures if not getattr(f, "_asynclab_checked", False)])

    register()
    shell.events.register("pre_run_cell", register)
    shell.events.register("post_execute", after_cell)


def main() -> None:
    """The kernel: the budget, then ipykernel's ``launch_new_instance`` (as ``ipykernel_launcher``)."""
    budget.apply(force=True)
    # as ipykernel_launcher: the working folder leaves sys.path while IPython loads (init_path puts it back)
    if sys.path and (sys.path[0] == "" or Path(sys.path[0]) == Path(os.getcwd())):
        del sys.path[0]
    from ipykernel import kernelapp

    if os.environ.get(CHECK_FIGURES) != "1":
        kernelapp.launch_new_instance()
        return
    app = kernelapp.IPKernelApp.instance()
    app.initialize()
    check_figures_on_display(app.shell)
    app.start()


# pytest plugin (``-p asynclab.tooling.kernel``): nbval starts one kernel per notebook from pytest's
# environment, when the notebook's first cell is set up; before that, the notebooks in
# FIGURES_UNCHECKED get CHECK_FIGURES=0 and the others the value pytest started with.
_STARTED_WITH = os.environ.get(CHECK_FIGURES)


def _unchecked(path: Path) -> bool:
    return any(path.as_posix().endswith(name) for name in FIGURES_UNCHECKED)


if "pytest" in sys.modules:  # loaded by pytest: not in the kernel
    import pytest

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_setup(item: Any) -> None:
        path = Path(str(getattr(item, "path", getattr(item, "fspath", ""))))
        if path.suffix != ".ipynb":
            return
        if _unchecked(path):
            os.environ[CHECK_FIGURES] = "0"
        elif _STARTED_WITH is None:
            os.environ.pop(CHECK_FIGURES, None)
        else:
            os.environ[CHECK_FIGURES] = _STARTED_WITH

    def pytest_sessionfinish(session: Any, exitstatus: int) -> None:
        """nbval ends each notebook's kernel with a kill (``shutdown_kernel(now=True)``), so a kernel that
        profiled cannot remove its profiler folder at exit as a kernel shut down by Jupyter does; the
        folders of those dead kernels are removed here, once every kernel has gone."""
        from asynclab.foundation.profiling import remove_orphan_folders

        remove_orphan_folders()


if __name__ == "__main__":
    main()
