"""Lesson 07's GPU memory pool, seen through PyTorch's counters: :func:`gpu_pool`.

PyTorch's caching allocator keeps the blocks of dead tensors for reuse. Its
counters say what the tensors use (``torch.cuda.memory_allocated``) and what
the pool holds (``torch.cuda.memory_reserved``); the driver's count
(``torch.cuda.mem_get_info``, what ``nvidia-smi`` shows) also includes the
CUDA context. MiB throughout, except where a name says bytes.
"""

from __future__ import annotations

__all__ = ["gpu_pool"]

MIB = 2**20


def gpu_pool(mb: int = 256, small_bytes: int = 4000) -> dict[str, float] | None:
    """What the pool and the driver count around one tensor of ``mb`` MiB; None without CUDA.

    Returns, in MiB above what the process held before (the pool emptied first):
    ``allocated with the tensor``, ``reserved with the tensor``, ``allocated after del``,
    ``reserved after del``, ``reserved after a second tensor of the same size`` (the freed
    block taken back, nothing new asked of the driver), ``reserved after empty_cache``;
    ``driver: used after del`` and ``driver: used after empty_cache`` (the whole device's used
    memory as the driver counts it, the context included, in MiB); and for one tensor of
    ``small_bytes`` bytes, ``small tensor: bytes allocated`` (its size rounded up) and ``small
    tensor: MiB reserved`` (the segment the pool took from the driver for it).
    """
    try:
        import torch
    except ImportError:
        return None
    if not torch.cuda.is_available():
        return None
    cuda = torch.cuda
    cuda.synchronize()
    cuda.empty_cache()
    base_allocated, base_reserved = cuda.memory_allocated(), cuda.memory_reserved()

    def allocated() -> float:
        return (cuda.memory_allocated() - base_allocated) / MIB

    def reserved() -> float:
        return (cuda.memory_reserved() - base_reserved) / MIB

    def driver_used() -> float:
        free, total = cuda.mem_get_info()
        return (total - free) / MIB

    found: dict[str, float] = {}
    x = torch.empty(mb * MIB // 4, dtype=torch.float32, device="cuda")
    found["allocated with the tensor"], found["reserved with the tensor"] = allocated(), reserved()
    del x
    found["allocated after del"], found["reserved after del"] = allocated(), reserved()
    found["driver: used after del"] = driver_used()
    y = torch.empty(mb * MIB // 4, dtype=torch.float32, device="cuda")
    found["reserved after a second tensor of the same size"] = reserved()
    del y
    cuda.empty_cache()
    found["reserved after empty_cache"] = reserved()
    found["driver: used after empty_cache"] = driver_used()
    small = torch.empty(small_bytes // 4, dtype=torch.float32, device="cuda")
    found["small tensor: bytes allocated"] = float(cuda.memory_allocated() - base_allocated)
    found["small tensor: MiB reserved"] = reserved()
    del small
    cuda.empty_cache()
    return found
