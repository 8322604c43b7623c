"""The compute budget (asynclab.foundation.budget): declared once, imposed in every process of the course.

The kernel tests start the installed kernel ``asynclab`` (``python -m asynclab kernelspec``, run by
``make setup``) from an environment that imitates a larger machine and read what the kernel has; the
child tests do the same for a program run by ``fresh.run_program``.
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
from pathlib import Path

import pytest

from asynclab.foundation import budget
from asynclab.foundation.backends import fresh

# what a 16-thread machine's environment might hold: every one of these would change a pool
LARGER_MACHINE = {
    "OMP_NUM_THREADS": "16",
    "MXNET_OMP_MAX_THREADS": "8",
    "OPENBLAS_NUM_THREADS": "16",
    "MKL_NUM_THREADS": "16",
    "MXNET_CPU_WORKER_NTHREADS": "4",
}
EXPECTED_VARIABLES = {
    "MXNET_OMP_MAX_THREADS": "1",
    "MXNET_CPU_WORKER_NTHREADS": None,  # MXNet's own default (1 worker), as the lessons show it
    "OPENBLAS_NUM_THREADS": "2",
    "OPENBLAS_THREAD_TIMEOUT": "4",
    "MKL_NUM_THREADS": "2",
    "OMP_NUM_THREADS": None,
}


@pytest.fixture
def environ():
    """os.environ as a test may change it: restored afterwards, the budget's variables with it."""
    saved = dict(os.environ)
    yield os.environ
    os.environ.clear()
    os.environ.update(saved)


# ------------------------------------------------------------------------------ logic


def test_the_budget_is_the_reference_machine():
    assert budget.BUDGET == budget.Budget(cores=2, operator_threads=1, cpu_workers=1, blas_threads=2, torch_threads=2)
    with pytest.raises(ValueError, match="cores must be a positive whole number"):
        budget.Budget(cores=0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        budget.BUDGET.cores = 4  # type: ignore[misc]


def test_environment_sets_the_counts_and_names_what_must_be_unset():
    assert budget.environment() == {
        "MXNET_OMP_MAX_THREADS": "1",
        "OPENBLAS_NUM_THREADS": "2",
        "OPENBLAS_THREAD_TIMEOUT": "4",
        "MKL_NUM_THREADS": "2",
    }
    assert budget.unset() == ("OMP_NUM_THREADS", "MXNET_CPU_WORKER_NTHREADS")
    other = budget.Budget(cores=4, operator_threads=2, cpu_workers=2, blas_threads=3, torch_threads=4)
    assert budget.environment(other) == {
        "MXNET_OMP_MAX_THREADS": "2",
        "OPENBLAS_NUM_THREADS": "3",
        "OPENBLAS_THREAD_TIMEOUT": "4",
        "MKL_NUM_THREADS": "4",
        "MXNET_CPU_WORKER_NTHREADS": "2",
    }
    assert budget.unset(other) == ("OMP_NUM_THREADS",)
    assert set(budget.environment()) | set(budget.unset()) == set(budget.VARIABLES)


def test_apply_sets_removes_and_is_idempotent(environ):
    environ.update(LARGER_MACHINE)
    environ.pop(budget.APPLIED_VARIABLE, None)
    report = budget.apply()
    assert report["variables"] == "imposed"
    assert report["set"] == budget.environment()
    assert set(report["removed"]) == {"OMP_NUM_THREADS", "MXNET_CPU_WORKER_NTHREADS"}
    assert {name: environ.get(name) for name in budget.VARIABLES} == EXPECTED_VARIABLES
    assert environ[budget.APPLIED_VARIABLE] == "1"
    if hasattr(os, "sched_getaffinity"):
        assert report["cpus"] == sorted(os.sched_getaffinity(0)) and 1 <= len(report["cpus"]) <= 2
    else:
        assert report["cpus"] is None and "not available" in report["affinity"]
    again = budget.apply()
    assert again["cpus"] == report["cpus"] and again["removed"] == []
    assert {name: environ.get(name) for name in budget.VARIABLES} == EXPECTED_VARIABLES


def test_a_marked_process_keeps_the_variables_it_was_given_unless_forced(environ):
    environ.update({budget.APPLIED_VARIABLE: "1", "MXNET_CPU_WORKER_NTHREADS": "2", "MXNET_OMP_MAX_THREADS": "1"})
    report = budget.apply()
    assert report["variables"] == "kept as they arrived" and report["set"] == {}
    assert environ["MXNET_CPU_WORKER_NTHREADS"] == "2"
    forced = budget.apply(force=True)
    assert forced["variables"] == "imposed" and "MXNET_CPU_WORKER_NTHREADS" not in environ


def test_effective_reports_the_variables_and_the_cpus(environ):
    environ.update(LARGER_MACHINE)
    budget.apply(force=True)
    now = budget.effective()
    assert now["variables"] == EXPECTED_VARIABLES
    assert now["applied"] is True
    json.dumps(now)  # a child hands it back as JSON
    if now["cpus"] is not None:
        assert 1 <= now["cpus"] <= 2
    assert all({"library", "internal_api", "num_threads"} <= set(pool) for pool in now["pools"])


def test_the_kernelspec_runs_the_launcher_with_the_budgets_variables():
    from asynclab.tooling import kernel, nbtools

    spec = kernel.kernel_spec(python="/py")
    assert spec["argv"] == ["/py", "-Xfrozen_modules=off", "-m", "asynclab.tooling.kernel", "-f", "{connection_file}"]
    assert spec["env"] == budget.environment()
    assert spec["display_name"] == nbtools.KERNELSPEC["display_name"] == "Python 3 (asynclab)"


def test_kernelspec_command_installs_under_a_prefix(tmp_path, capsys):
    from asynclab.__main__ import main

    assert main(["kernelspec", "--prefix", str(tmp_path)]) == 0
    installed = tmp_path / "share" / "jupyter" / "kernels" / "asynclab"
    spec = json.loads((installed / "kernel.json").read_text())
    assert spec["argv"][0] == sys.executable and spec["argv"][2:4] == ["-m", "asynclab.tooling.kernel"]
    assert spec["env"] == budget.environment() and spec["display_name"] == "Python 3 (asynclab)"
    assert (installed / "logo-64x64.png").is_file()
    assert "installed the kernel 'asynclab'" in capsys.readouterr().out


def test_one_blas_thread_limits_numpys_blas_and_restores_it():
    from threadpoolctl import threadpool_info

    from asynclab.foundation.workloads import native

    def numpy_blas() -> list[int]:
        return [p["num_threads"] for p in threadpool_info() if "numpy" in p["filepath"] and p["user_api"] == "blas"]

    before = native.blas_threads()
    assert before is not None and numpy_blas() == [before]
    with native.one_blas_thread() as pinned:
        assert pinned is True
        assert numpy_blas() == [1] and native.blas_threads() == 1
    assert numpy_blas() == [before] and native.blas_threads() == before


def test_apply_works_with_a_threadpoolctl_without_the_controlling_thread_rule(environ, monkeypatch):
    """A GPU machine's own Python may hold a threadpoolctl older than the pin (3.8.0), whose
    OpenBLASController has no clear_controlling_thread; apply() still limits the pools there."""
    import numpy  # noqa: F401  (loads NumPy's OpenBLAS, so that apply() limits a pool)
    import threadpoolctl

    monkeypatch.delattr(threadpoolctl.OpenBLASController, "clear_controlling_thread")
    environ.pop(budget.APPLIED_VARIABLE, None)
    report = budget.apply(force=True)
    assert report["blas"] and set(report["blas"].values()) == {budget.BUDGET.blas_threads}


# ------------------------------------------------------------------------------ children

CHILD = "asynclab.foundation.budget:effective_program"


def _larger_machine(environ) -> None:
    """This process as if it had started on a larger machine but had applied the budget since."""
    environ.update(LARGER_MACHINE)
    environ.pop(budget.APPLIED_VARIABLE, None)
    budget.apply()


@pytest.mark.measured
@pytest.mark.untimed  # reads thread counts and CPUs, no duration
def test_a_child_of_run_program_runs_under_the_budget(environ):
    _larger_machine(environ)
    run = fresh.run_program(CHILD, payload=["numpy", "torch"], timeout=120, what="the budget's child")
    now = run.result
    assert now["variables"] == EXPECTED_VARIABLES and now["applied"] is True
    assert now["torch_threads"] == 2
    assert [p["num_threads"] for p in now["pools"] if p["internal_api"] == "openblas"] == [2]
    if now["cpus"] is not None:
        assert now["cpus"] <= 2


IDLE = """\
import resource, time
import numpy
a = numpy.ones((400, 400))
a @ a  # OpenBLAS starts its helper threads
idle = []
for _ in range(3):
    a @ a
    r = resource.getrusage(resource.RUSAGE_SELF)
    before = r.ru_utime + r.ru_stime
    time.sleep(0.25)
    r = resource.getrusage(resource.RUSAGE_SELF)
    idle.append(r.ru_utime + r.ru_stime - before)
print(max(idle))
"""


@pytest.mark.measured
@pytest.mark.untimed  # compares the CPU time of a process that sleeps, not a duration of computation
def test_numpys_blas_threads_sleep_once_a_product_is_done(environ):
    """Without the budget, NumPy's two OpenBLAS threads spin for about 0.1 s of CPU after every product
    (measured: 0.103 s in each 0.3 s of sleep that follows one); under it, they do not."""
    import subprocess

    def idle_cpu_s(env: dict[str, str]) -> float:
        done = subprocess.run([sys.executable, "-c", IDLE], env=env, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr[-2000:]
        return float(done.stdout.split()[-1])

    bare = {k: v for k, v in environ.items() if k not in budget.VARIABLES and k != budget.APPLIED_VARIABLE}
    spinning = idle_cpu_s({**bare, "OPENBLAS_NUM_THREADS": "2"})
    budgeted = idle_cpu_s({**bare, **budget.environment()})
    assert spinning > 0.04, f"OpenBLAS's default no longer spins ({spinning:.3f} s of CPU while idle)"
    assert budgeted < 0.02, f"under the budget NumPy's BLAS threads spun for {budgeted:.3f} s of CPU while idle"


@pytest.mark.measured
@pytest.mark.untimed  # reads a variable, no duration
def test_an_override_passed_to_run_program_survives(environ):
    _larger_machine(environ)
    run = fresh.run_program(CHILD, env={"MXNET_CPU_WORKER_NTHREADS": "2"}, timeout=60, what="the budget's child")
    assert run.result["variables"] == {**EXPECTED_VARIABLES, "MXNET_CPU_WORKER_NTHREADS": "2"}


@pytest.mark.measured
@pytest.mark.untimed  # reads thread counts, no duration
def test_the_thread_that_imports_mxnet_gets_one_openmp_thread(environ):
    """As MXNet does on the reference machine when it computes its count itself: NaiveEngine's
    operators run on that thread, and with MXNET_OMP_MAX_THREADS set MXNet leaves it alone."""
    _larger_machine(environ)
    run = fresh.run_program(CHILD, payload=["numpy", "mxnet"], timeout=120, what="the budget's child")
    openmp = [p["num_threads"] for p in run.result["pools"] if p["internal_api"] == "openmp"]
    assert openmp and set(openmp) == {1}
    numpy_blas = [p for p in run.result["pools"] if p["library"].startswith("libopenblas64_")]
    assert [p["num_threads"] for p in numpy_blas] in ([2], [])


# ------------------------------------------------------------------------------ the kernel

READ_IN_KERNEL = """
import json, os, sys
before = {"numpy": "numpy" in sys.modules, "torch": "torch" in sys.modules, "mxnet": "mxnet" in sys.modules}
import numpy
from threadpoolctl import threadpool_info
blas = [p["num_threads"] for p in threadpool_info() if p["user_api"] == "blas" and "numpy" in p["filepath"]]
import torch
print(json.dumps({
    "variables": {name: os.environ.get(name) for name in %r},
    "blas": blas,
    "torch": torch.get_num_threads(),
    "cpus": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
    "loaded_before": before,
}))
"""


def _read_kernel(kernel_name: str, env: dict[str, str], kernel_spec_manager=None) -> dict:
    from jupyter_client.manager import KernelManager

    extra = {} if kernel_spec_manager is None else {"kernel_spec_manager": kernel_spec_manager}
    km = KernelManager(kernel_name=kernel_name, **extra)
    km.start_kernel(env=env)
    try:
        kc = km.client()
        kc.start_channels()
        kc.wait_for_ready(timeout=120)
        printed: list[str] = []
        reply = kc.execute_interactive(
            READ_IN_KERNEL % (budget.VARIABLES,),
            timeout=120,
            output_hook=lambda msg: (
                printed.append(msg["content"].get("text", "")) if msg["msg_type"] == "stream" else None
            ),
        )
        kc.stop_channels()
    finally:
        km.shutdown_kernel(now=True)
    assert reply["content"]["status"] == "ok", reply["content"]
    return json.loads("".join(printed))


def _larger_machine_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != budget.APPLIED_VARIABLE}
    env.update(LARGER_MACHINE)
    return env


def _assert_under_budget(found: dict) -> None:
    assert found["loaded_before"] == {"numpy": False, "torch": False, "mxnet": False}
    assert found["variables"] == EXPECTED_VARIABLES
    assert found["blas"] == [2]
    assert found["torch"] == 2
    if found["cpus"] is not None:
        assert found["cpus"] <= 2


@pytest.mark.kernel
def test_the_course_kernel_runs_under_the_budget_on_a_larger_machine():
    from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

    try:
        spec = KernelSpecManager().get_kernel_spec("asynclab")
    except NoSuchKernel:
        pytest.fail("the kernel 'asynclab' is not installed: make setup (python -m asynclab kernelspec) installs it")
    assert spec.argv[2:4] == ["-m", "asynclab.tooling.kernel"], "reinstall it: python -m asynclab kernelspec"
    _assert_under_budget(_read_kernel("asynclab", _larger_machine_env()))


@pytest.mark.kernel
def test_the_launcher_wins_over_the_environment_without_the_kernelspecs_env(tmp_path):
    """A kernelspec without ``env``: the launcher alone imposes the budget (the grader, nbval and
    JupyterLab pass their own environment, which the launcher must override)."""
    from jupyter_client.kernelspec import KernelSpecManager

    from asynclab.tooling import kernel

    folder = tmp_path / "kernels" / "bare"
    folder.mkdir(parents=True)
    spec = {k: v for k, v in kernel.kernel_spec().items() if k != "env"}
    (folder / "kernel.json").write_text(json.dumps(spec))
    manager = KernelSpecManager(kernel_dirs=[str(Path(tmp_path) / "kernels")])
    _assert_under_budget(_read_kernel("bare", _larger_machine_env(), kernel_spec_manager=manager))
