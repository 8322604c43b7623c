"""MindSpore: synchronization points, devices, and snippets with ``pynative_synchronize``.

In PyNative mode (MindSpore's default, one operator per call) a call queues
the operator and returns, on the CPU as on a GPU or Ascend device: like
MXNet and unlike PyTorch on the CPU. Measured with MindSpore 2.7.1 on the
CPU (lesson 08):

- ``Tensor.asnumpy()``, ``repr``, ``Tensor.item()`` and
  ``mindspore.hal.synchronize()`` wait; ``Tensor.shape`` does not;
- ``mindspore.runtime.synchronize()``, the newer name, is not to be trusted
  on the CPU: its first call in a process logs "CPU device is not supported"
  and returns *without waiting* (later calls wait), so :func:`sync_all` uses
  ``hal.synchronize`` there;
- ``set_context(pynative_synchronize=True)`` (or ``runtime.launch_blocking()``)
  makes every call wait for its operator; it must run before the first
  operator, so :func:`run_with_synchronize` runs a snippet in a fresh process
  with it as the prologue.

``mindspore.hal``'s memory statistics (``max_memory_allocated``,
``memory_summary``, ...) are deprecated in favour of the same names in
``mindspore.runtime``, and on the CPU they always read 0. Seconds throughout.
"""

from __future__ import annotations

from typing import Any

from asynclab.foundation.backends import flatten
from asynclab.foundation.backends.fresh import FreshProcessError, SnippetError, SnippetRun, run_program, run_snippet

__all__ = [
    "NAME",
    "ASYNC",
    "sync",
    "sync_all",
    "to_host",
    "devices",
    "SWITCH",
    "SWITCH_PROLOGUE",
    "run_with_synchronize",
    "facts",
    "SnippetError",
    "SnippetRun",
]

NAME = "mindspore"
ASYNC = True  # PyNative queues every operator, on the CPU too
SWITCH = "set_context(pynative_synchronize=True)"
SWITCH_PROLOGUE = "import mindspore\nmindspore.set_context(pynative_synchronize=True)\n"
TARGETS = ("GPU", "Ascend")  # devices besides the CPU that MindSpore builds can drive


def _ms():
    import mindspore

    return mindspore


def _tensors(value: Any) -> list:
    return flatten(value, _ms().Tensor, "a MindSpore tensor")


def sync(tensor: Any) -> None:
    """Block until ``tensor`` (or every tensor in a list/tuple) is computed (through ``asnumpy``)."""
    for t in _tensors(tensor):
        t.asnumpy()


def sync_all() -> None:
    """Block until every queued operator has run.

    On the CPU, the first ``mindspore.runtime.synchronize()`` of a process
    does not wait (it logs that the CPU is not supported);
    ``mindspore.hal.synchronize()`` always does.
    """
    ms = _ms()
    if ms.get_context("device_target") == "CPU":
        ms.hal.synchronize()
    else:
        ms.runtime.synchronize()


def to_host(tensor: Any):
    """Copy to a NumPy array (waits for the tensor)."""
    return _tensors(tensor)[0].asnumpy()


def devices() -> list[str]:
    """``"CPU"`` and one ``"GPU:i"`` / ``"Ascend:i"`` per device this build can use. Never empty."""
    ms = _ms()
    found = ["CPU"]
    for target in TARGETS:
        try:
            if ms.hal.is_available(target):
                found += [f"{target}:{i}" for i in range(ms.hal.device_count(target))]
        except (RuntimeError, ValueError):  # a CPU-only build refuses the other targets
            continue
    return found


_EPILOGUE = """
from asynclab.foundation.backends import mindspore as _msb
_msb.sync_all()
"""


def run_with_synchronize(code: str, synchronize: bool = True, timeout: float = 180.0) -> SnippetRun:
    """Run ``code`` in a fresh process, with ``pynative_synchronize`` set before it when asked.

    Time things in the snippet with ``asynclab.foundation.timing.Benchmark(label)``; every
    finished benchmark comes back in the :class:`SnippetRun` (seconds).
    ``timeout`` is in seconds; a failure raises :class:`SnippetError`.
    """
    if not isinstance(synchronize, bool):
        raise TypeError(f"synchronize must be True or False, not {type(synchronize).__name__}.")
    return run_snippet(
        code,
        env={},
        timeout=timeout,
        prologue=SWITCH_PROLOGUE if synchronize else "",
        epilogue=_EPILOGUE,
        what=f"the snippet {'with' if synchronize else 'without'} pynative_synchronize",
    )


def _facts_child(job: dict) -> dict:
    """In a fresh process: what :func:`facts` returns, for products of ``job["n"]`` x ``job["n"]``."""
    import time

    import mindspore as ms
    import numpy as np
    from mindspore import ops

    n = job["n"]
    facts = {"mindspore": ms.__version__, "initialized_at_start": bool(ms.hal.is_initialized("CPU"))}
    x = ms.Tensor(np.ones((n, n), dtype=np.float32))
    y = ops.matmul(x, x)
    facts["initialized_after_issue"] = bool(ms.hal.is_initialized("CPU"))
    y.asnumpy()
    facts["initialized_after_result"] = bool(ms.hal.is_initialized("CPU"))
    start = time.perf_counter()
    ops.matmul(x, x).asnumpy()
    product = time.perf_counter() - start
    shares = []
    for _ in range(3):
        y = ops.matmul(x, x)
        start = time.perf_counter()
        ms.runtime.synchronize()
        shares.append((time.perf_counter() - start) / product)
        y.asnumpy()
    facts["runtime_synchronize_share"] = shares
    facts["device_count_cpu"] = int(ms.hal.device_count("CPU"))
    facts["max_memory_allocated_cpu"] = {
        "hal": int(ms.hal.max_memory_allocated()),
        "runtime": int(ms.runtime.max_memory_allocated()),
    }
    facts["memory_names"] = {
        "hal": sorted(name for name in dir(ms.hal) if "memory" in name),
        "runtime": sorted(name for name in dir(ms.runtime) if "memory" in name),
    }
    return facts


def facts(n: int = 1500, timeout: float = 120.0) -> dict:
    """What MindSpore's device API says on the CPU, from a fresh process.

    ``hal.is_initialized("CPU")`` at start, after a product is issued and
    after its result was read; three calls of ``runtime.synchronize()`` right
    after issuing an ``n`` x ``n`` product, each as a share of the product's
    time (about 0: it did not wait; about 1: it did); ``hal.device_count``;
    the peak memory both modules report on the CPU (bytes); and the memory
    names each module has. ``timeout`` is in seconds.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"n must be a positive whole number, got {n!r}.")
    return run_program(
        f"{__name__}:_facts_child",
        payload={"n": n},
        timeout=timeout,
        what="MindSpore's device facts",
        error=FreshProcessError,
    ).result
