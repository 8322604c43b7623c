"""A data set on disk, larger than the memory it may use, reduced chunk by chunk (lesson 09).

The data set is a file of small integers (``int8``, one byte each) that a
lesson or a check writes into the system's temporary folder with
:class:`numpy.memmap` and always deletes: :func:`dataset` is a context
manager, and a data set left open when the interpreter exits is deleted then.
In memory each value becomes a ``float64`` (8 bytes), so the data set takes
eight times its size on disk once loaded.

A data set may model a slower storage device than this machine's page cache
(``mb_per_s``): :func:`read_chunks` then takes as long as that device would
to deliver each chunk, sleeping for the rest, so the thread that reads is
idle, as it would be while a disk works. :func:`read_chunks` also counts the
bytes it delivered (``Dataset.delivered``), so a check can tell that the
data came through the device and not around it.

The reduction is the energy of a harmonic spring, ``sum(0.5 * K * (x - MU)**2)``.
Its parts are half-integers, and sums of half-integers below 2**52 are exact
in ``float64``: every correct chunked reduction gives *exactly* the result of
the in-memory one, in whatever order the chunks are added.

Foundation layer: imports :mod:`asynclab.foundation.backends.fresh`; MXNet only inside functions.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
import time
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from asynclab.foundation.backends import fresh

__all__ = [
    "K",
    "MU",
    "VALUE_BYTES",
    "PREFIX",
    "Dataset",
    "dataset",
    "leftovers",
    "remove_stale",
    "read_chunks",
    "load",
    "energy",
    "energy_numpy",
    "reduce_serial",
    "reduce_in_memory",
    "reference",
    "check_chunk",
    "disk_free_mb",
    "stream_schedules",
]

K = 1.0  # spring constant
MU = 1.0  # rest position
LOW, HIGH = -100, 100
VALUE_BYTES = 8  # a value in memory (float64), bytes
PREFIX = "asynclab-chunks-"
_WRITE_BLOCK = 4 * 2**20  # values written per step, so writing never holds the whole set


@dataclass
class Dataset:
    """A data set on disk: ``n`` int8 values in ``path``. ``disk_mb`` on disk, ``memory_mb`` once in memory."""

    path: Path
    n: int
    seed: int
    mb_per_s: float | None = None
    delivered: int = 0
    _finalizer: weakref.finalize | None = field(default=None, repr=False, compare=False)

    @property
    def disk_mb(self) -> float:
        return self.n / 1e6

    @property
    def memory_mb(self) -> float:
        return self.n * VALUE_BYTES / 1e6

    @property
    def exists(self) -> bool:
        return self.path.exists()

    def delete(self) -> None:
        """Delete the file and its folder (no error when they are gone already)."""
        if self._finalizer is not None:
            self._finalizer()
        else:
            _remove(str(self.path.parent))


def _remove(folder: str) -> None:
    shutil.rmtree(folder, ignore_errors=True)


def check_chunk(chunk: object) -> int:
    """``chunk`` (values per chunk) as a positive int, or one clear ValueError."""
    if isinstance(chunk, bool) or not isinstance(chunk, (int, np.integer)) or chunk < 1:
        raise ValueError(f"chunk must be a positive whole number of values, got {chunk!r}.")
    return int(chunk)


@contextlib.contextmanager
def dataset(n: int, *, seed: int = 0, mb_per_s: float | None = None) -> Iterator[Dataset]:
    """Write ``n`` random int8 values (-100..100) to a new temporary file; delete it on leaving.

    ``mb_per_s``: the storage device the data set models (MB per second, None:
    as fast as the machine reads it).

    The file is deleted whatever ends the block: its end, an exception, an
    interrupt. It is written through :class:`numpy.memmap` in blocks of 4 Mi
    values, so writing it never needs the whole set in memory.
    """
    n = check_chunk(n)
    if mb_per_s is not None and not (
        isinstance(mb_per_s, (int, float)) and not isinstance(mb_per_s, bool) and mb_per_s > 0
    ):
        raise ValueError(f"mb_per_s must be a positive number of MB per second or None, got {mb_per_s!r}.")
    remove_stale()
    folder = fresh.owned_folder(PREFIX)
    data = Dataset(Path(folder) / "values.i8", n, seed, mb_per_s)
    data._finalizer = weakref.finalize(data, _remove, folder)  # also at exit, if never left
    try:
        mapped = np.memmap(data.path, dtype=np.int8, mode="w+", shape=(n,))
        rng = np.random.default_rng(seed)
        for start in range(0, n, _WRITE_BLOCK):
            stop = min(n, start + _WRITE_BLOCK)
            mapped[start:stop] = rng.integers(LOW, HIGH + 1, size=stop - start, dtype=np.int8)
        mapped.flush()
        del mapped
        yield data
    finally:
        data.delete()


def remove_stale() -> list[Path]:
    """Delete the data-set folders of processes that no longer run (a kernel killed mid-lesson); return them."""
    return fresh.remove_stale(PREFIX)


def leftovers(pid: int | None = None) -> list[Path]:
    """Data-set folders of this module still in the temporary folder (none after a clean run);
    with ``pid``, only those of that process."""
    return fresh.owned_folders(PREFIX, pid)


def read_chunks(data: Dataset, chunk: int) -> Iterator[np.ndarray]:
    """The data set's values, ``chunk`` at a time, read from the file into one int8 buffer.

    Each chunk yielded is a view of that buffer: the next read overwrites it,
    so use (or copy) a chunk before asking for the next. The last chunk may
    be shorter. With ``data.mb_per_s`` set, each chunk takes at least the
    time that device needs for it (the thread sleeps for the rest).
    """
    chunk = check_chunk(chunk)
    buffer = np.empty(chunk, dtype=np.int8)
    with open(data.path, "rb", buffering=0) as f:
        while True:
            start = time.perf_counter()
            got = f.readinto(buffer)
            if not got:
                return
            if data.mb_per_s is not None:
                rest = got / (data.mb_per_s * 1e6) - (time.perf_counter() - start)
                if rest > 0:
                    time.sleep(rest)
            data.delivered += got
            yield buffer[:got]


def load(values: np.ndarray):
    """``values`` copied into a new float64 MXNet array (the copy is done when this returns)."""
    from mxnet import nd

    return nd.array(values, dtype="float64")


def energy(x):
    """The energy of ``x`` (an MXNet float64 array) as an MXNet scalar array, issued, not waited for."""
    from mxnet import nd

    return (0.5 * K * nd.square(x - MU)).sum()


def energy_numpy(values: np.ndarray) -> float:
    """The energy of ``values`` computed by NumPy in float64."""
    x = values.astype(np.float64)
    return float((0.5 * K * (x - MU) ** 2).sum())


def reduce_serial(data: Dataset, chunk: int) -> float:
    """The energy of the data set, one chunk at a time: read, copy in, compute, wait, next."""
    total = 0.0
    for values in read_chunks(data, chunk):
        total += energy(load(values)).asscalar()
    return total


def reduce_in_memory(data: Dataset) -> float:
    """The energy of the whole data set read at once (NumPy, float64): the reference, where it fits."""
    return energy_numpy(np.fromfile(data.path, dtype=np.int8))


def reference(data: Dataset, block: int = _WRITE_BLOCK) -> float:
    """The energy of the data set from NumPy, ``block`` values at a time: the in-memory result, exactly
    (the parts are half-integers), without holding the data set. Reads the file directly: no device
    time, nothing counted in ``delivered``."""
    total = 0.0
    with open(data.path, "rb") as f:
        while True:
            values = np.fromfile(f, dtype=np.int8, count=block)
            if not values.size:
                return total
            total += energy_numpy(values)


def disk_free_mb(folder: str | os.PathLike | None = None) -> float:
    """Free space in the temporary folder (or ``folder``), MB."""
    return shutil.disk_usage(folder or tempfile.gettempdir()).free / 1e6


def stream_schedules(
    device: str = "cuda", *, chunk_mb: int = 128, chunks: int = 8, n: int = 4096
) -> dict[str, Callable[[], None]]:
    """A reduction over ``chunks`` host chunks on ``device`` with PyTorch, in three schedules.

    Each chunk (``chunk_mb`` MB of float32, pinned on CUDA) is copied in and
    then used by a product of an ``n`` x ``n`` matrix with itself plus a sum
    over the chunk. Each schedule runs the whole reduction and returns after
    its last result was read:

    - ``serial``: copy, compute, wait, next (one stream);
    - ``two streams``: a copy stream fills one of two device buffers while
      the compute stream works on the other; events say when a buffer is
      filled (the compute waits for that) and when it is free (the next copy
      into it waits for that);
    - ``copy waits for all compute``: the same, but before each copy the copy
      stream waits for *all* the compute issued so far (``wait_stream``),
      which puts every copy back behind the compute.

    On a device without streams (a CPU) the last two run serially.
    """
    import torch

    on_cuda = torch.device(device).type == "cuda"
    values = chunk_mb * 2**20 // 4
    host = [torch.ones(values, dtype=torch.float32, pin_memory=on_cuda) for _ in range(chunks)]
    buffers = [torch.empty(values, dtype=torch.float32, device=device) for _ in range(2)]
    x = torch.randn(n, n, device=device)

    def work(chunk):
        return (x @ x).sum() + chunk.sum()

    def serial() -> None:
        for i in range(chunks):
            buffers[0].copy_(host[i], non_blocking=True)
            work(buffers[0]).item()

    def pipelined(wait_for_all: bool) -> Callable[[], None]:
        if not on_cuda:
            return serial
        compute = torch.cuda.current_stream(device)
        copier = torch.cuda.Stream(device=device)

        def run() -> None:
            free = [torch.cuda.Event(), torch.cuda.Event()]
            filled = [torch.cuda.Event(), torch.cuda.Event()]
            for event in free:
                event.record(compute)
            parts = []
            for i in range(chunks):
                b = i % 2
                with torch.cuda.stream(copier):
                    if wait_for_all:
                        copier.wait_stream(compute)  # waits for every operation issued so far
                    else:
                        copier.wait_event(free[b])  # only for the work that read this buffer
                    buffers[b].copy_(host[i], non_blocking=True)
                    filled[b].record(copier)
                compute.wait_event(filled[b])
                parts.append(work(buffers[b]))
                free[b].record(compute)
            sum(part.item() for part in parts)

        return run

    return {"serial": serial, "two streams": pipelined(False), "copy waits for all compute": pipelined(True)}
