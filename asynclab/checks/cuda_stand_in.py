"""A PyTorch tensor that says it lives on a CUDA device, and notes every call that would wait for that device.

On a GPU, PyTorch queues a CUDA tensor's kernels and returns at once; code that hands such a tensor on as
"computed" must first wait for the device (``torch.cuda.synchronize``, a stream's or an event's
``synchronize``, or a read of the values to the host: ``item()``, ``cpu()``, ``tolist()``, ``float(y)``...).
On a CPU tensor none of this is needed, and a check that only has CPU tensors cannot tell code that waits
from code that does not. :func:`cuda_stand_in` hands over a tensor whose ``device`` is ``cuda:0`` (its values
stay in host memory, so it works on any machine, with or without CUDA) and, for the length of the block,
puts counting stand-ins for ``torch.cuda``'s waiting functions in place; every operation on the tensor gives
a tensor of the same kind, so a read of a value computed from it counts too.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

__all__ = ["HOST_READS", "cuda_stand_in"]

#: Tensor methods that bring values to the host, and so wait for the device the tensor is on.
HOST_READS = frozenset(
    {
        "cpu",
        "item",
        "tolist",
        "numpy",
        "__float__",
        "__int__",
        "__bool__",
        "__index__",
        "__array__",
        "__repr__",
        "__str__",
        "__format__",
    }
)


def _to_host(args: tuple, kwargs: dict) -> bool:
    """Whether a ``Tensor.to``/``copy_`` call's arguments name the CPU as where the values go."""
    return any(str(a).startswith("cpu") for a in (*args[1:], *kwargs.values()))


@contextlib.contextmanager
def cuda_stand_in(values: Any) -> Iterator[tuple[Any, list[str]]]:
    """``(tensor, waits)``: a tensor holding ``values`` whose ``device`` is ``cuda:0``, and the list of the
    waiting calls made on it (or on ``torch.cuda``) inside the block, by name, in order."""
    import torch

    waits: list[str] = []

    class CudaStandIn(torch.Tensor):
        """A tensor that says it is on cuda:0; its values stay in host memory."""

        @property
        def device(self) -> torch.device:
            return torch.device("cuda", 0)

        @property
        def is_cuda(self) -> bool:
            return True

        @classmethod
        def __torch_function__(cls, func, types, args=(), kwargs=None):
            kwargs = kwargs or {}
            name = getattr(func, "__name__", "")
            if name in HOST_READS:
                waits.append(name)
                with torch._C.DisableTorchFunctionSubclass():  # a plain tensor's read (its __format__ of a scalar)
                    plain = [a.as_subclass(torch.Tensor) if isinstance(a, CudaStandIn) else a for a in args]
                    return func(*plain, **kwargs)
            if name == "to" and _to_host(args, kwargs):
                waits.append(name)
            elif name == "copy_" and args and not isinstance(args[0], CudaStandIn):
                waits.append("copy_")  # host.copy_(y): y's values copied into a tensor of the host
            return super().__torch_function__(func, types, args, kwargs)

    class Stream:
        """A stand-in for a CUDA stream of cuda:0."""

        def __init__(self, *args, **kwargs) -> None:
            self.device = torch.device("cuda", 0)

        def synchronize(self) -> None:
            waits.append("Stream.synchronize")

        def query(self) -> bool:
            waits.append("Stream.query")
            return True

        def wait_event(self, event) -> None:
            pass

        def wait_stream(self, stream) -> None:
            pass

        def record_event(self, event=None):
            event = event or Event()
            event.record(self)
            return event

    class Event:
        """A stand-in for a CUDA event: waiting on it waits for the device once it has been recorded."""

        def __init__(self, *args, **kwargs) -> None:
            self.recorded = False

        def record(self, stream=None) -> None:
            self.recorded = True

        def synchronize(self) -> None:
            if self.recorded:
                waits.append("Event.synchronize")

        def query(self) -> bool:
            if self.recorded:
                waits.append("Event.query")
            return True

        def wait(self, stream=None) -> None:
            pass

        def elapsed_time(self, other) -> float:
            return 0.0

    def synchronize(device=None) -> None:
        waits.append("synchronize")

    @contextlib.contextmanager
    def device(which=None):
        yield

    stand_ins = {
        "synchronize": synchronize,
        "current_stream": lambda device=None: Stream(),
        "default_stream": lambda device=None: Stream(),
        "Stream": Stream,
        "Event": Event,
        "device": device,
        "is_available": lambda: True,
        "device_count": lambda: 1,
        "current_device": lambda: 0,
    }
    cuda = torch.cuda
    kept = {name: getattr(cuda, name) for name in stand_ins}
    tensor = torch.Tensor._make_subclass(CudaStandIn, torch.as_tensor(values))
    for name, value in stand_ins.items():
        setattr(cuda, name, value)
    try:
        yield tensor, waits
    finally:
        for name, value in kept.items():
            setattr(cuda, name, value)
