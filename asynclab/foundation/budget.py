"""The compute budget: the machine the course was measured on, imposed on whatever machine runs it.

Every figure and threshold of the course was measured on a 2-vCPU x86-64 Linux machine, and the
thread pools of the libraries follow the machine they start on: on x86 MXNet gives each operator half
the logical CPUs as OpenMP threads, PyTorch's intra-op pool takes the physical cores, NumPy's
OpenBLAS every core. :data:`BUDGET` declares what the reference machine had, once, and
:func:`apply` imposes it, so that a result does not depend on the machine.

The budget as variables (:func:`environment`; MXNet, OpenBLAS and PyTorch read them once, when
they load):

- ``MXNET_OMP_MAX_THREADS`` = ``operator_threads``: MXNet's OpenMP threads per operator
  (``src/engine/openmp.cc``);
- ``MXNET_CPU_WORKER_NTHREADS`` = ``cpu_workers``, *left unset* while ``cpu_workers`` is MXNet's
  own default (1, the same on every machine): lessons and labs show that it is unset;
- ``OPENBLAS_NUM_THREADS`` = ``blas_threads``: NumPy's OpenBLAS;
- ``OPENBLAS_THREAD_TIMEOUT`` = :data:`BLAS_IDLE_SPIN`: how long NumPy's OpenBLAS helper threads
  spin once a product is done (the same on every machine; why is written where it is declared);
- ``MKL_NUM_THREADS`` = ``torch_threads``: PyTorch's default intra-op threads;
- ``OMP_NUM_THREADS`` *removed* (:data:`REMOVED`); why is written where it is removed.

Beyond the variables :func:`apply` pins the process to the first ``cores`` CPUs (Linux; a child
inherits it), limits the BLAS pools already loaded (threadpoolctl), sets PyTorch's threads if torch
is already imported, and keeps the thread that imports MXNet at ``operator_threads`` OpenMP threads
(what MXNet does itself when it computes that number; with ``MXNET_OMP_MAX_THREADS`` set it does
not, and NaiveEngine's operators, which run on that thread, would get every core). MXNet and PyTorch
share one OpenMP runtime (``libgomp.so.1``), so on that thread their counts are one number: after
MXNet's import PyTorch reads 1 there, as on the reference machine, until PyTorch's first operation
sets it to ``MKL_NUM_THREADS`` (2; the reference machine, without the variable, kept 1).

Where it is applied:

- the course's Jupyter kernel: ``python -m asynclab.tooling.kernel`` (the kernelspec
  ``asynclab`` that ``python -m asynclab kernelspec`` installs, whose ``env`` also carries
  :func:`environment`) calls ``apply(force=True)`` before IPython starts, so a kernel started from
  any environment (JupyterLab, nbval, nbclient, the grader) runs under the budget;
- children: :mod:`asynclab.foundation.backends.child` (``fresh.run_program``) and the cluster's
  workers (``cluster._serve_worker``) call :func:`apply` first thing;
- the tests: the root ``conftest.py`` calls :func:`apply` at import, before anything loads MXNet,
  PyTorch or NumPy's BLAS.

The rule for children: :func:`apply` marks the process with :data:`APPLIED_VARIABLE` (``=1``),
which its children inherit. A process that starts with the mark was started by one under the budget
with an environment made on purpose (``fresh.run_program`` passes ``os.environ`` plus the caller's
overrides, e.g. ``MXNET_CPU_WORKER_NTHREADS=2`` or ``MXNET_ENGINE_TYPE`` for an experiment), so its
:func:`apply` keeps the variables as they arrived and does only the rest (CPUs, pools already
loaded, PyTorch, MXNet's importing thread), following the variables. ``apply(force=True)`` imposes
the variables whatever arrived: the kernel's launcher does, since a kernel is a student's session.

To change the budget, change :data:`BUDGET` here. The launcher imposes it from this code; the
kernelspec's ``env`` is written when it is installed: reinstall it (``python -m asynclab kernelspec``).

Foundation layer: imports nothing of asynclab.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import os
import sys
from dataclasses import dataclass
from typing import Any

__all__ = [
    "Budget",
    "BUDGET",
    "VARIABLES",
    "REMOVED",
    "APPLIED_VARIABLE",
    "BLAS_IDLE_SPIN",
    "environment",
    "unset",
    "apply",
    "effective",
    "effective_program",
    "blas_controller",
]


@dataclass(frozen=True)
class Budget:
    """What the reference machine had; every field a count of threads or CPUs.

    - ``cores``: logical CPUs the process may run on (CPU affinity);
    - ``operator_threads``: MXNet's OpenMP threads per operator;
    - ``cpu_workers``: MXNet's engine worker threads per CPU device;
    - ``blas_threads``: threads of one NumPy matrix product (its BLAS);
    - ``torch_threads``: PyTorch's intra-op threads.
    """

    cores: int = 2
    operator_threads: int = 1
    cpu_workers: int = 1
    blas_threads: int = 2
    torch_threads: int = 2

    def __post_init__(self) -> None:
        for name, value in vars(self).items():
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} must be a positive whole number, got {value!r}.")


#: The course's budget: a 2-vCPU x86-64 Linux machine.
BUDGET = Budget()
#: Marks a process (and so its children) as started under the budget: "1".
APPLIED_VARIABLE = "ASYNCLAB_BUDGET_APPLIED"
#: Always removed. With OMP_NUM_THREADS set MXNet's engine workers no longer set their own OpenMP
#: count (``OpenMP::on_start_worker_thread``) and every OpenMP pool of the process (MXNet's,
#: PyTorch's, an OpenMP-built BLAS) starts from it.
REMOVED = ("OMP_NUM_THREADS",)
#: OpenBLAS's least idle spin: its helper threads sleep as soon as a product is done. By default
#: (28) each spins for 2**28 cycles, about 0.1 s, calling sched_yield, after every product that used
#: it: a core taken from MXNet's back end, from the other lane of the tests and from every other
#: process. Measured (``/usr/bin/time`` on lab 10's 36 catalogue answers, parameter-server workers
#: that compute a NumPy gradient and then sleep, alone on 2 cores): 116 s of CPU in 77 s (81 s of
#: it in the kernel, yielding), 35 s with 4. A pthreads OpenBLAS reads it once, when it loads; an
#: OpenBLAS built on OpenMP (MXNet's own) has no such threads.
BLAS_IDLE_SPIN = 4
#: MXNet's own number of engine workers per CPU device, the same on every machine.
_MXNET_DEFAULT_WORKERS = 1
#: Every variable the budget sets or removes, in the order effective() reports them.
VARIABLES = (
    "MXNET_OMP_MAX_THREADS",
    "MXNET_CPU_WORKER_NTHREADS",
    "OPENBLAS_NUM_THREADS",
    "OPENBLAS_THREAD_TIMEOUT",
    "MKL_NUM_THREADS",
    "OMP_NUM_THREADS",
)
# modules that load a BLAS or an OpenMP runtime: before one of them is imported there is no pool to limit
_POOL_MODULES = ("numpy", "scipy", "torch", "mxnet")


def environment(budget: Budget = BUDGET) -> dict[str, str]:
    """The variables that impose ``budget`` on a new process, as they must be set.

    The variables of :func:`unset` must be absent as well: a kernelspec's ``env`` or a child's
    environment can set, not remove, so :func:`apply` in the new process removes them.
    """
    env = {
        "MXNET_OMP_MAX_THREADS": str(budget.operator_threads),
        "OPENBLAS_NUM_THREADS": str(budget.blas_threads),
        "OPENBLAS_THREAD_TIMEOUT": str(BLAS_IDLE_SPIN),
        "MKL_NUM_THREADS": str(budget.torch_threads),
    }
    if budget.cpu_workers != _MXNET_DEFAULT_WORKERS:
        env["MXNET_CPU_WORKER_NTHREADS"] = str(budget.cpu_workers)
    return env


def unset(budget: Budget = BUDGET) -> tuple[str, ...]:
    """The variables that must be absent under ``budget``: :data:`REMOVED`, and
    ``MXNET_CPU_WORKER_NTHREADS`` while ``cpu_workers`` is MXNet's default (unset means the default)."""
    workers = () if "MXNET_CPU_WORKER_NTHREADS" in environment(budget) else ("MXNET_CPU_WORKER_NTHREADS",)
    return (*REMOVED, *workers)


def _count(text: str | None) -> int | None:
    """A positive whole number from a variable's text, or None."""
    try:
        value = int(str(text).strip())
    except ValueError:
        return None
    return value if value >= 1 else None


# ------------------------------------------------------------------------------ CPUs


def _pin_cpus(cores: int) -> tuple[list[int] | None, str]:
    """Run every thread of this process (and so its children) on the first ``cores`` CPUs it may use."""
    if not hasattr(os, "sched_setaffinity"):
        return None, f"CPU affinity is not available on {sys.platform}: threads may run on every core"
    allowed = sorted(os.sched_getaffinity(0))
    chosen = set(allowed[:cores])
    # sched_setaffinity(0, ...) sets the calling thread only: every thread that runs already is set
    try:
        threads = [int(tid) for tid in os.listdir("/proc/self/task")]
    except OSError:
        threads = [0]
    for tid in threads:
        try:
            os.sched_setaffinity(tid, chosen)
        except OSError:  # a thread that ended meanwhile
            pass
    cpus = sorted(os.sched_getaffinity(0))
    note = f"pinned to CPUs {', '.join(map(str, cpus))}"
    if len(cpus) < cores:
        note += f" (only {len(cpus)} of the budget's {cores} can be had here)"
    return cpus, note


# ------------------------------------------------------------------------------ pools


def blas_controller():
    """threadpoolctl's controller of the BLAS libraries loaded in this process whose threads the budget
    counts (NumPy's): every one but an OpenBLAS built on OpenMP (MXNet's own). That one follows the
    calling thread's OpenMP count, and threadpoolctl would limit it through ``omp_set_num_threads``,
    the count MXNet's operators and PyTorch share on that thread."""
    from threadpoolctl import ThreadpoolController

    blas = ThreadpoolController().select(user_api="blas")
    kept = [
        lib.filepath
        for lib in blas.lib_controllers
        if not (lib.internal_api == "openblas" and getattr(lib, "threading_layer", None) == "openmp")
    ]
    return blas.select(filepath=kept)


def _limit_blas(threads: int) -> dict[str, int]:
    """Set the BLAS pools already loaded (:func:`blas_controller`) to ``threads``; what they read after."""
    from threadpoolctl import OpenBLASController

    controller = blas_controller()
    if not controller.lib_controllers:
        return {}
    controller.limit(limits=threads)  # applied now; not a `with`, so nothing is restored
    # the thread that sets a pthreads OpenBLAS becomes the only one threadpoolctl lets set it again;
    # let go, so that one_blas_thread() works from any thread (threadpoolctl releases older than the
    # course's pin have neither the rule nor the method: a Python of a GPU machine may hold one)
    release = getattr(OpenBLASController, "clear_controlling_thread", None)
    if release is not None:
        release()
    return {os.path.basename(info["filepath"]): info["num_threads"] for info in controller.info()}


def _pin_mxnet_thread() -> int | None:
    """Give this thread MXNet's per-operator OpenMP count, as MXNet's import does when it computes it.

    Without MXNET_OMP_MAX_THREADS (and OMP_NUM_THREADS) MXNet calls ``omp_set_num_threads`` on the
    thread that imports it; with it set it does not, and NaiveEngine's operators (run on that
    thread) and MXNet's OpenMP-built OpenBLAS would use every CPU. Returns the count set, or None
    where MXNet sets it itself or OMP_NUM_THREADS rules.
    """
    if "OMP_NUM_THREADS" in os.environ:
        return None
    threads = _count(os.environ.get("MXNET_OMP_MAX_THREADS"))
    if threads is None:
        return None
    from threadpoolctl import ThreadpoolController

    for lib in ThreadpoolController().select(user_api="openmp").lib_controllers:
        lib.set_num_threads(threads)
    return threads


class _PinAfterImport(importlib.abc.Loader):
    """MXNet's own loader, followed by :func:`_pin_mxnet_thread` once the module has run."""

    def __init__(self, loader: importlib.abc.Loader, finder: _MXNetImport) -> None:
        self._loader = loader
        self._finder = finder

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module) -> None:
        self._loader.exec_module(module)
        self._finder.remove()
        _pin_mxnet_thread()

    def __getattr__(self, name: str) -> Any:  # get_resource_reader, is_package, ... as MXNet's loader
        return getattr(self._loader, name)


class _MXNetImport(importlib.abc.MetaPathFinder):
    """Finds nothing itself: hands ``mxnet``'s own spec back with a loader that pins the importing
    thread afterwards (:func:`_pin_mxnet_thread`); removed once MXNet is imported."""

    asynclab_budget = True

    def find_spec(self, fullname, path=None, target=None):
        if fullname != "mxnet":
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.loader is None:
            return None
        spec.loader = _PinAfterImport(spec.loader, self)
        return spec

    def remove(self) -> None:
        sys.meta_path[:] = [f for f in sys.meta_path if f is not self]


def _watch_mxnet_import() -> str:
    if "mxnet" in sys.modules:
        pinned = _pin_mxnet_thread()
        return "already imported" + (f": this thread pinned to {pinned} OpenMP thread(s)" if pinned else "")
    if not any(getattr(f, "asynclab_budget", False) for f in sys.meta_path):
        sys.meta_path.insert(0, _MXNetImport())
    return "its importing thread will be pinned once it is imported"


# ------------------------------------------------------------------------------ apply, effective


def apply(budget: Budget = BUDGET, *, force: bool = False) -> dict[str, Any]:
    """Impose ``budget`` on this process and the processes it starts; returns what was done.

    Idempotent and cheap (no library is imported for it). In order:

    1. the variables: set :func:`environment` and remove :func:`unset` in ``os.environ`` (for the
       libraries not loaded yet and for children), unless this process arrived marked with
       :data:`APPLIED_VARIABLE` and ``force`` is false: then they stay as they arrived (the module's
       docstring says why); the mark is set either way;
    2. CPU affinity: the first ``cores`` CPUs this process may use (Linux; elsewhere nothing
       happens, and the report says so);
    3. the BLAS pools already loaded (threadpoolctl, :func:`blas_controller`): as many threads as
       ``OPENBLAS_NUM_THREADS`` says (``blas_threads`` when it says nothing usable);
    4. PyTorch, if already imported: ``torch.set_num_threads`` to what ``MKL_NUM_THREADS`` or else
       ``OMP_NUM_THREADS`` says (``torch_threads`` when neither does);
    5. MXNet's importing thread: pinned now if MXNet is imported, otherwise once it is.

    The report: ``variables`` ("imposed" or "kept as they arrived"), ``set``, ``removed``, ``cpus``
    (None where affinity is not available), ``affinity`` (a sentence), ``blas`` (library file ->
    threads, for the pools already loaded), ``torch_threads`` (None if torch is not imported) and
    ``mxnet`` (a sentence).
    """
    keep = not force and os.environ.get(APPLIED_VARIABLE) == "1"
    wanted, removed = environment(budget), unset(budget)
    report: dict[str, Any] = {
        "variables": "kept as they arrived" if keep else "imposed",
        "set": {} if keep else dict(wanted),
        "removed": [] if keep else [name for name in removed if name in os.environ],
    }
    if not keep:
        os.environ.update(wanted)
        for name in removed:
            os.environ.pop(name, None)
    os.environ[APPLIED_VARIABLE] = "1"

    report["cpus"], report["affinity"] = _pin_cpus(budget.cores)

    loaded = any(name in sys.modules for name in _POOL_MODULES)
    blas = _count(os.environ.get("OPENBLAS_NUM_THREADS")) or budget.blas_threads
    report["blas"] = _limit_blas(blas) if loaded else {}

    report["torch_threads"] = None
    torch = sys.modules.get("torch")
    if torch is not None and hasattr(torch, "set_num_threads"):
        threads = (  # PyTorch's own order: MKL_NUM_THREADS before OMP_NUM_THREADS
            _count(os.environ.get("MKL_NUM_THREADS"))
            or _count(os.environ.get("OMP_NUM_THREADS"))
            or budget.torch_threads
        )
        torch.set_num_threads(threads)
    report["mxnet"] = _watch_mxnet_import()
    if torch is not None and hasattr(torch, "get_num_threads"):
        report["torch_threads"] = torch.get_num_threads()  # after MXNet's pin, which it shares
    return report


def effective() -> dict[str, Any]:
    """What this process has now, anything JSON can hold.

    ``cpus``: how many CPUs it may run on (None where affinity cannot be read); ``variables``: the
    budget's variables as ``os.environ`` holds them (None: not set); ``applied``: whether
    :func:`apply` ran here or in a parent; ``pools``: threadpoolctl's reading of every pool loaded
    (``library`` file, ``internal_api``, ``num_threads``; an OpenMP pool's count is this thread's);
    ``torch_threads``: ``torch.get_num_threads()`` if torch is imported, else None.
    """
    from threadpoolctl import threadpool_info

    torch = sys.modules.get("torch")
    return {
        "cpus": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
        "variables": {name: os.environ.get(name) for name in VARIABLES},
        "applied": os.environ.get(APPLIED_VARIABLE) == "1",
        "pools": [
            {
                "library": os.path.basename(info["filepath"]),
                "internal_api": info["internal_api"],
                "num_threads": info["num_threads"],
            }
            for info in threadpool_info()
        ],
        "torch_threads": torch.get_num_threads() if torch is not None and hasattr(torch, "get_num_threads") else None,
    }


def effective_program(job: Any = None) -> dict[str, Any]:
    """A program for ``fresh.run_program``: the child's :func:`effective`, after importing the modules
    named in ``job`` (a list, e.g. ``["numpy", "torch"]``; nothing if None), in that order."""
    import importlib

    for name in job or ():
        importlib.import_module(name)
    return effective()
