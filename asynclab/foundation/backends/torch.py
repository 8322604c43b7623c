"""PyTorch: synchronization points, devices, and snippets with ``CUDA_LAUNCH_BLOCKING``.

On the CPU, PyTorch runs each operator before the call returns: there is
nothing to wait for. On a CUDA device a call queues a kernel on the current
stream and returns; ``torch.cuda.synchronize()`` waits for every kernel
queued on a device, and a CUDA event recorded after a result's kernels waits
for those (and for whatever was queued before them on that stream). PyTorch
reads ``CUDA_LAUNCH_BLOCKING`` when it first starts CUDA, so a run with the
switch needs a fresh process: :func:`run_with_launch_blocking`. Seconds
throughout.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from asynclab.foundation.backends import flatten
from asynclab.foundation.backends.fresh import SnippetError, SnippetRun, run_snippet

__all__ = [
    "NAME",
    "ASYNC",
    "is_async",
    "sync",
    "sync_all",
    "to_host",
    "num_gpus",
    "devices",
    "SWITCH",
    "launch_blocking_env",
    "run_with_launch_blocking",
    "SnippetError",
    "SnippetRun",
]

NAME = "torch"
ASYNC = False  # on the CPU; see is_async for a device
SWITCH = "CUDA_LAUNCH_BLOCKING"


def _torch():
    import torch

    return torch


def _tensors(value: Any) -> list:
    return flatten(value, _torch().Tensor, "a PyTorch tensor")


def is_async(device: Any = "cpu") -> bool:
    """Whether a call on ``device`` can return before its work is done (CUDA: yes; CPU: no)."""
    return _torch().device(device).type == "cuda"


def sync(tensor: Any) -> None:
    """Block until ``tensor`` (or every tensor in a list/tuple) is computed.

    PyTorch has no wait on one tensor; for a CUDA tensor this records an
    event on the current stream of its device and waits for it, which also
    waits for everything queued before it there. A CPU tensor is ready.
    """
    torch = _torch()
    for t in _tensors(tensor):
        if t.device.type == "cuda":
            with torch.cuda.device(t.device):
                event = torch.cuda.Event()
                event.record()
                event.synchronize()


def sync_all() -> None:
    """Block until every kernel queued on every CUDA device has finished (nothing to do on the CPU)."""
    torch = _torch()
    if torch.cuda.is_available():
        for index in range(torch.cuda.device_count()):
            torch.cuda.synchronize(index)


def to_host(tensor: Any):
    """Copy to a NumPy array (waits for the tensor on a CUDA device)."""
    return _tensors(tensor)[0].detach().cpu().numpy()


def num_gpus() -> int:
    """CUDA devices PyTorch can use; 0 on a CPU build or machine."""
    torch = _torch()
    return torch.cuda.device_count() if torch.cuda.is_available() else 0


def devices() -> list:
    """Every CUDA device, or ``[torch.device("cpu")]`` when there is none. Never empty."""
    torch = _torch()
    return [torch.device("cuda", i) for i in range(num_gpus())] or [torch.device("cpu")]


def launch_blocking_env(blocking: bool, env: Mapping[str, str] | None = None) -> dict[str, str]:
    """``env`` plus ``CUDA_LAUNCH_BLOCKING`` set to ``1`` or ``0``."""
    if not isinstance(blocking, bool):
        raise TypeError(f"blocking must be True or False, not {type(blocking).__name__}.")
    return {**(env or {}), SWITCH: "1" if blocking else "0"}


_EPILOGUE = """
import torch
if torch.cuda.is_available():
    torch.cuda.synchronize()
"""


def run_with_launch_blocking(
    code: str, blocking: bool = True, timeout: float = 120.0, env: Mapping[str, str] | None = None
) -> SnippetRun:
    """Run ``code`` in a fresh process with ``CUDA_LAUNCH_BLOCKING`` on (or off).

    Time things in the snippet with ``asynclab.foundation.timing.Benchmark(label)``; every
    finished benchmark comes back in the :class:`SnippetRun` (seconds).
    ``timeout`` is in seconds; a failure raises :class:`SnippetError`.
    """
    full = launch_blocking_env(blocking, env)
    return run_snippet(
        code, env=full, timeout=timeout, epilogue=_EPILOGUE, what=f"the snippet with {SWITCH}={full[SWITCH]}"
    )
