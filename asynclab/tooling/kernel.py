"""The course's Jupyter kernel: the compute budget first, then IPython's kernel.

``python -m asynclab.tooling.kernel -f {connection_file}`` is the kernelspec ``asynclab``
(display name *Python 3 (asynclab)*) that :func:`install` writes, ``python -m asynclab
kernelspec`` installs and ``make setup`` runs. The launcher calls
:func:`asynclab.foundation.budget.apply` with ``force=True`` before IPython or any library
starts: whatever environment started the kernel (JupyterLab, nbval, nbclient, the grader,
which copy their own ``os.environ``), its variables, CPUs and pools are the budget's. The
kernelspec's ``env`` carries :func:`~asynclab.foundation.budget.environment` as well, for
tools that read it.

Importing this module imports nothing heavy: the launcher's own imports come after the budget.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from asynclab.foundation import budget

__all__ = ["KERNEL_NAME", "DISPLAY_NAME", "kernel_spec", "install", "main"]

KERNEL_NAME = "asynclab"
DISPLAY_NAME = "Python 3 (asynclab)"
LAUNCHER = "asynclab.tooling.kernel"


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


def main() -> None:
    """The kernel: the budget, then ipykernel's ``launch_new_instance`` (as ``ipykernel_launcher``)."""
    budget.apply(force=True)
    # as ipykernel_launcher: the working folder leaves sys.path while IPython loads (init_path puts it back)
    if sys.path and (sys.path[0] == "" or Path(sys.path[0]) == Path(os.getcwd())):
        del sys.path[0]
    from ipykernel import kernelapp

    kernelapp.launch_new_instance()


if __name__ == "__main__":
    main()
