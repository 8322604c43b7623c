"""backends: synchronization, devices and snippets under another engine."""

import pytest

from asynclab.foundation import backends
from asynclab.foundation.backends import mxnet as mxb


def test_get_known_and_unknown_frameworks():
    assert backends.get("numpy").ASYNC is False
    assert backends.get("mxnet").ASYNC is True
    assert backends.get("torch").ASYNC is False  # on the CPU
    with pytest.raises(ValueError, match="unknown framework"):
        backends.get("tensorflow")


@pytest.mark.measured
@pytest.mark.untimed  # values and errors, no duration
def test_sync_works_for_nd_and_np_arrays():
    import mxnet as mx

    a = mx.nd.ones((3, 3)) * 2
    b = mx.np.ones((3, 3)) * 3
    mxb.sync(a)
    mxb.sync([a, b])
    mxb.sync_all()
    assert float(mxb.to_host(a).sum()) == 18.0
    assert float(b.sum().item()) == 27.0
    with pytest.raises(TypeError, match="MXNet array"):
        mxb.sync([1, 2])


@pytest.mark.measured
@pytest.mark.untimed  # lists devices, no duration
def test_devices_is_never_empty():
    devices = mxb.devices()
    assert devices, "devices() must never be empty"
    assert len(mxb.cpu_contexts(2)) == 2
    with pytest.raises(ValueError):
        mxb.cpu_contexts(0)


SNIPPET = """
import os
from asynclab.foundation.timing import Benchmark
print("engine", os.environ["MXNET_ENGINE_TYPE"])
with Benchmark("step", quiet=True):
    pass
with Benchmark("step", quiet=True):
    pass
"""


@pytest.mark.kernel
@pytest.mark.measured
@pytest.mark.untimed  # the engine and the labels recorded, no duration
def test_run_with_engine_collects_benchmarks_and_sets_the_engine():
    run = mxb.run_with_engine(SNIPPET, "NaiveEngine")
    assert run.engine_type == "NaiveEngine"
    assert "engine NaiveEngine" in run.stdout
    assert len(run.samples("step")) == 2 and run["step"] >= 0
    assert run.labels == ["step"]
    with pytest.raises(KeyError, match="no Benchmark labelled 'other'"):
        run["other"]


@pytest.mark.kernel
@pytest.mark.measured
@pytest.mark.untimed  # the names a snippet starts with, no duration
def test_a_snippet_starts_with_the_names_it_is_given_and_keeps_its_own_first_line():
    code = (
        "from __future__ import annotations\n\nfrom asynclab.foundation.timing import Benchmark\n\n"
        "for _ in range(N):\n    with Benchmark('step', quiet=True):\n        pass\n"
    )
    run = mxb.run_with_engine(code, "NaiveEngine", names={"N": 3})
    assert len(run.samples("step")) == 3


@pytest.mark.kernel
@pytest.mark.measured
@pytest.mark.untimed  # judges the sentences, no duration
def test_run_with_engine_reports_errors_in_one_sentence():
    with pytest.raises(mxb.SnippetError, match="ZeroDivisionError"):
        mxb.run_with_engine("1 / 0", "NaiveEngine")
    # MXNet logs its engine's start on stderr as the process ends: the error, not the log, is named
    with pytest.raises(mxb.SnippetError, match="NameError: name 'nowhere' is not defined$"):
        mxb.run_with_engine("from mxnet import nd\nnd.ones((2,)).wait_to_read()\nnowhere", "NaiveEngine")
    with pytest.raises(ValueError, match="unknown engine type"):
        mxb.run_with_engine("pass", "FastEngine")
    with pytest.raises(TypeError):
        mxb.run_with_engine(lambda: None)


FRESH_ECHO = """
from asynclab.foundation.backends import fresh
args = fresh.payload()
print("chatter")
fresh.emit({"doubled": [2 * v for v in args["values"]]})
"""


@pytest.mark.kernel
def test_run_fresh_sends_the_payload_and_returns_the_result():
    from asynclab.foundation.backends import fresh

    run = fresh.run_fresh(FRESH_ECHO, payload={"values": [1, 2]}, timeout=60)
    assert run.result == {"doubled": [2, 4]} and run.stdout == "chatter" and run.seconds > 0


@pytest.mark.kernel
def test_run_fresh_says_in_one_sentence_what_went_wrong():
    from asynclab.foundation.backends import fresh

    with pytest.raises(fresh.FreshProcessError, match=r"^the job failed in a fresh process: ZeroDivisionError"):
        fresh.run_fresh("1 / 0", timeout=60, what="the job")
    with pytest.raises(fresh.FreshProcessError, match="without a result .*last line on stderr: no output"):
        fresh.run_fresh("pass", timeout=60)
    with pytest.raises(fresh.FreshProcessError, match="did not finish within 0.5 s") as stopped:
        fresh.run_fresh("import time; time.sleep(30)", timeout=0.5)
    assert stopped.value.timed_out
    with pytest.raises(fresh.FreshProcessError) as failed:
        fresh.run_fresh("1 / 0", timeout=60)
    assert not failed.value.timed_out
    with pytest.raises(mxb.SnippetError):  # the caller's error class
        fresh.run_fresh("1 / 0", timeout=60, error=mxb.SnippetError)
    assert issubclass(mxb.SnippetError, fresh.FreshProcessError)
    with pytest.raises(TypeError):
        fresh.run_fresh(lambda: None, timeout=60)


# ------------------------------------------------------------------ PyTorch
def test_torch_backend_on_the_cpu():
    import torch

    from asynclab.foundation.backends import torch as tb

    a = torch.ones(3, 3) * 2
    tb.sync(a)
    tb.sync([a, (a, a)])
    tb.sync_all()
    assert float(tb.to_host(a).sum()) == 18.0
    assert tb.devices() and tb.devices()[-1].type in ("cpu", "cuda")
    assert tb.num_gpus() == torch.cuda.device_count() * torch.cuda.is_available()
    assert tb.is_async("cpu") is False and tb.is_async("cuda:0") is True
    with pytest.raises(TypeError, match="PyTorch tensor"):
        tb.sync([a, 1])
    with pytest.raises(TypeError, match="True or False"):
        tb.launch_blocking_env("yes")
    assert tb.launch_blocking_env(True, {"A": "b"}) == {"A": "b", "CUDA_LAUNCH_BLOCKING": "1"}
    assert tb.launch_blocking_env(False)["CUDA_LAUNCH_BLOCKING"] == "0"


TORCH_SNIPPET = """
import os
import torch
from asynclab.foundation.timing import Benchmark
print("blocking", os.environ["CUDA_LAUNCH_BLOCKING"])
x = torch.ones(64, 64)
with Benchmark("product", quiet=True):
    y = x @ x
"""


@pytest.mark.kernel
def test_run_with_launch_blocking_sets_the_switch_and_collects_benchmarks():
    from asynclab.foundation.backends import torch as tb

    run = tb.run_with_launch_blocking(TORCH_SNIPPET, blocking=True)
    assert "blocking 1" in run.stdout and run.env == {"CUDA_LAUNCH_BLOCKING": "1"}
    assert run.labels == ["product"] and run["product"] >= 0
    off = tb.run_with_launch_blocking(TORCH_SNIPPET, blocking=False)
    assert "blocking 0" in off.stdout
    with pytest.raises(tb.SnippetError, match=r"CUDA_LAUNCH_BLOCKING=1 failed .*ZeroDivisionError"):
        tb.run_with_launch_blocking("1 / 0")


def test_flatten_takes_nested_lists_and_names_what_it_expected():
    from asynclab.foundation.backends import flatten

    assert flatten([1, (2, [3])], int, "an int") == [1, 2, 3]
    with pytest.raises(TypeError, match="expected an int, got str"):
        flatten([1, "2"], int, "an int")


def test_mindspore_backend_imports_without_mindspore_and_refuses_bad_input():
    from asynclab.foundation.backends import get

    msb = get("mindspore")
    assert msb.ASYNC and "pynative_synchronize=True" in msb.SWITCH_PROLOGUE
    with pytest.raises(TypeError, match="synchronize must be True or False"):
        msb.run_with_synchronize("pass", synchronize="yes")
    with pytest.raises(ValueError, match="n must be a positive whole number"):
        msb.facts(n=0)


def test_an_isolated_program_gets_none_of_this_process_mxnet_variables(monkeypatch):
    import subprocess

    from asynclab.foundation import budget
    from asynclab.foundation.backends import fresh

    seen = {}

    def capture(argv, **kwargs):
        seen.update(kwargs["env"], argv=argv)
        return subprocess.CompletedProcess(argv, 0, stdout=f"{fresh.MARKER}null\n", stderr="")

    monkeypatch.setattr(subprocess, "run", capture)
    monkeypatch.setenv("MXNET_ENGINE_TYPE", "NaiveEngine")  # what an answer may set in the kernel
    monkeypatch.setenv("MXNET_CPU_WORKER_NTHREADS", "4")
    fresh.run_program("asynclab.x:f", env={"MXNET_CPU_TEMP_COPY": "6"}, timeout=5, isolated=True)
    assert seen["argv"][1:3] == ["-I", "-S"]  # no PYTHONPATH, PYTHONSTARTUP or user site; no site (.pth files)
    mxnet = {k: v for k, v in seen.items() if k.startswith("MXNET_")}
    expected = {k: v for k, v in budget.environment().items() if k.startswith("MXNET_")}
    assert mxnet == {**expected, "MXNET_CPU_TEMP_COPY": "6"}
    seen.clear()
    fresh.run_program("asynclab.x:f", timeout=5)  # by default the child inherits them
    assert seen["MXNET_ENGINE_TYPE"] == "NaiveEngine"


@pytest.mark.kernel
def test_an_isolated_program_runs_no_sitecustomize_from_pythonpath(tmp_path, monkeypatch):
    from asynclab.foundation.backends import fresh

    mark = tmp_path / "ran"
    (tmp_path / "sitecustomize.py").write_text(f"open({str(mark)!r}, 'w').close()\n")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))  # what an answer cell may set before a check starts a child
    assert fresh.run_program("json:dumps", payload=[1], timeout=60, isolated=True).result == "[1]"
    assert not mark.exists()
    # and the isolated child knows it is one: the half of a check's measurement that runs there asks
    assert (
        fresh.run_program("asynclab.checks.core:refuse_outside_child", payload="no", timeout=60, isolated=True).result
        is None
    )
    fresh.run_program("json:dumps", payload=[1], timeout=60)  # not isolated: the child imports it
    assert mark.exists()


@pytest.mark.kernel
def test_an_isolated_program_processes_no_pth_file_yet_finds_the_environments_packages():
    from asynclab.foundation.backends import fresh

    # a .pth file in site-packages runs its code in every Python that imports site: an isolated child imports none
    probe = "(__import__('sys').flags.no_site, 'site' in __import__('sys').modules, __import__('mxnet').__name__)"
    assert fresh.run_program("builtins:eval", payload=probe, timeout=120, isolated=True).result == [1, False, "mxnet"]
