"""What the course's GPU checks share: sizes, protocols, the device, the stored reference figures.

The GPU checks themselves live with their lessons (``asynclab/lessons/lNN_<slug>/gpu.py``,
lessons whose ``lesson.toml`` has the trait ``gpu``); ``python -m asynclab gpu-check``
(:mod:`asynclab.tooling.gpucheck`) finds and runs them. They need only PyTorch (a GPU
machine often has Python 3.12 and numpy 2, where MXNet 1.9.1 cannot run), and they
run on any device PyTorch knows, which is how the tests check their logic on a CPU:
PyTorch's CPU operators run before the call returns. Seconds throughout.
"""

from __future__ import annotations

from asynclab.checks.core import Protocol

__all__ = ["SIZE", "CPU_SIZE", "ROUNDS", "FRESH", "size_for", "on_gpu", "operands", "cuda_available", "reference"]

SIZE = 8192  # float32 product of SIZE x SIZE matrices on a GPU
CPU_SIZE = 1024  # the same probes on a CPU (tests, the curious): 8192 would take ~20 s a product

ROUNDS = Protocol(warmup=1, min_rounds=5, max_rounds=15, budget_s=30.0)
FRESH = Protocol(warmup=0, min_rounds=1, max_rounds=3, budget_s=120.0)


def reference() -> dict:
    """The reference GPU figures stored with the package (``asynclab/data/gpu_reference.json``), ms."""
    import json
    from pathlib import Path

    return json.loads((Path(__file__).resolve().parents[1] / "data" / "gpu_reference.json").read_text("utf-8"))


def cuda_available() -> bool:
    """Whether PyTorch is installed and sees a CUDA device."""
    try:
        import torch
    except ImportError:
        return False
    return bool(torch.cuda.is_available())


def on_gpu(device: str) -> bool:
    """Whether ``device`` ("cuda", "cuda:1", "cpu") is a CUDA device."""
    import torch

    return torch.device(device).type == "cuda"


def size_for(device: str) -> int:
    """The matrix size the checks use on ``device``."""
    return SIZE if on_gpu(device) else CPU_SIZE


def operands(device: str):
    """A random square float32 matrix on ``device``, after one product (which starts the BLAS library)."""
    import torch

    from asynclab.foundation.backends import torch as tb

    n = size_for(device)
    x = torch.randn(n, n, device=device)
    tb.sync(x @ x)  # the first product starts the BLAS library: not measured
    return x
