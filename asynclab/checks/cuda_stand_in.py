"""A PyTorch tensor that says it lives on a CUDA device, and notes every call that would wait for that device.

On a GPU, PyTorch queues a CUDA tensor's kernels and returns at once; code that hands such a tensor on as
"computed" must first wait for the device (``torch.cuda.synchronize``, a stream's or an event's
``synchronize``, or a read of the values to the host: ``item()``, ``cpu()``, ``tolist()``, ``float(y)``,
``numpy(force=True)``...).
On a CPU tensor none of this is needed, and a check that only has CPU tensors cannot tell code that waits
from code that does not. :func:`cuda_stand_in` hands over a tensor whose ``device`` is ``cuda:0`` (its values
stay in host memory, so it works on any machine, with or without CUDA) and, for the length of the block,
puts counting stand-ins for ``torch.cuda``'s waiting functions in place (and for those of PyTorch's
device-generic ``torch.accelerator``, which name the same device); every operation on the tensor gives
a tensor of the same kind, so a read of a value computed from it counts too.

With a :class:`DeviceQueue`, the stand-in also keeps time as one CUDA device would: every matrix product
issued on a stand-in tensor keeps the device busy for a set number of seconds, after the work queued before
it, and every other operation that runs a kernel (not a view, not an attribute) for a smaller set time, where
the queue gives one, while the call itself returns at once; a wait sleeps until the device has run what it
waits for, and a recorded event is stamped with the time the device reaches it. The queue also knows the
latest end of work the host has seen finished, so work issued after the code's last wait shows however soon
the code returns. A clock read around work on these tensors
then reads what it would on a GPU: the device's time if the code waits for it, next to nothing if it does not.

What does not wait on a GPU does not wait here either: a copy to the host with ``non_blocking=True``, a
stream's or an event's ``query()`` (it answers at once whether the work is done), and the ``synchronize()``
of a stream the code made itself, which waits only for the work issued on that stream (under
``torch.cuda.stream(s)``); the work queued before the code ran is on the default stream. As on a GPU, an
event's ``elapsed_time`` raises unless both events were made with ``enable_timing=True``, were recorded and
the device has reached the later one.

The machine has two such devices, ``cuda:0`` the current one; the tensors may be put on ``cuda:1``
(``index=1``). Then, as on a machine with two GPUs, what names no device means the current one:
``torch.cuda.synchronize()``, ``current_stream()``, ``default_stream()`` and an event recorded on no stream
in particular wait for ``cuda:0``, which holds none of the tensors' work, and return at once; naming the
tensor's device (``synchronize(y.device)``, ``current_stream(y.device)``, or work inside
``with torch.cuda.device(y.device):`` or ``with torch.cuda.device_of(y):``) waits for it. Inside ``with torch.cuda.stream(s):`` the stream's
device is the current one, as in PyTorch, and work on that device goes to ``s``; work on the tensors'
device goes to its own current stream whichever stream was entered for another device.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

__all__ = [
    "HOST_READS",
    "PRODUCTS",
    "REFUSED_ON_A_DEVICE",
    "SIZE_READS",
    "VIEWS",
    "DeviceQueue",
    "cuda_stand_in",
    "cuda_stand_ins",
]

# the clock and the sleep taken when this module is first imported: an answer that swaps time.perf_counter or
# time.sleep later cannot change the device's time
_clock = time.perf_counter
_sleep = time.sleep

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


#: Operations whose result's size depends on the tensor's values: on a GPU PyTorch copies that size to the host,
#: and so waits for the device (its documentation of ``torch.nonzero``: "synchronizes the host and the device").
#: ``torch.where(condition)`` with the condition alone is ``nonzero``, and so is indexing with a mask of booleans.
SIZE_READS = frozenset({"nonzero", "argwhere", "masked_select", "unique", "unique_consecutive"})

#: ... but of those, the ones PyTorch refuses on a tensor on a GPU (NumPy reads host memory only): they raise
#: PyTorch's TypeError, as ``y.numpy()`` and ``np.asarray(y)`` do on a real CUDA tensor
REFUSED_ON_A_DEVICE = frozenset({"numpy", "__array__"})

#: Operations that the queue counts as one matrix product each (a tensor's ``@`` among them; a chain of several,
#: ``multi_dot`` or ``matrix_power``, as one too).
PRODUCTS = frozenset(
    {
        *("matmul", "__matmul__", "__rmatmul__", "mm", "bmm", "addmm", "addmv", "addbmm", "baddbmm", "linear"),
        *("einsum", "tensordot", "mv", "dot", "vdot", "inner", "outer", "addr", "matrix_power", "chain_matmul"),
        *("linalg_matmul", "linalg_multi_dot"),
    }
)


#: Operations that give a tensor without a kernel of their own (views, metadata, a tensor's attributes): they
#: cost the device nothing when the queue gives other operations time (``DeviceQueue.op_s``).
VIEWS = frozenset(
    {
        *("__get__", "view", "view_as", "reshape", "reshape_as", "t", "transpose", "permute", "movedim", "swapaxes"),
        *("expand", "expand_as", "squeeze", "unsqueeze", "flatten", "unflatten", "detach", "narrow", "select"),
        *("split", "chunk", "unbind", "as_strided", "contiguous", "requires_grad_", "__getitem__"),
    }
)


@dataclass
class DeviceQueue:
    """One CUDA stream's queue, kept in ``time.perf_counter`` seconds.

    ``product_s``: seconds of device time each matrix product takes; ``op_s``: seconds each other operation
    that computes a tensor takes (an element-wise ``relu``, a sum; 0: none); ``busy_until``: when the work
    queued so far ends (0: idle); ``seen_done``: the latest end of queued work that the host has seen the
    device finish (by a wait, a ``query()`` that answered True or an event's ``elapsed_time``).
    """

    product_s: float
    op_s: float = 0.0
    busy_until: float = 0.0
    seen_done: float = 0.0

    def issue(self, seconds: float) -> None:
        """Queue ``seconds`` of device work behind what is queued already."""
        self.busy_until = max(_clock(), self.busy_until) + seconds

    def seen(self, end: float) -> None:
        """Note that the host has seen the device finish the work that ends at ``end``."""
        self.seen_done = max(self.seen_done, end)

    def unseen(self) -> bool:
        """Whether work is queued that the host has not seen the device finish."""
        return self.busy_until > self.seen_done

    def reached(self) -> float:
        """When the device reaches work queued now: the end of the queue, or now when it is idle."""
        return max(_clock(), self.busy_until)

    def wait(self, until: float | None = None) -> None:
        """Sleep until ``until`` (default: until the queue is empty), by this module's clock."""
        end = self.busy_until if until is None else until
        while (left := end - _clock()) > 0:
            _sleep(left)
        self.seen(end)


#: Python's operators that write into their left operand, and item assignment
_IN_PLACE_OPERATORS = frozenset(
    {"__setitem__", *(f"__i{op}__" for op in "add sub mul truediv floordiv mod pow and or xor lshift rshift".split())}
)


def _kernel_before(name: str, args: tuple, kwargs: dict) -> bool:
    """Whether the call ``name`` waits for the device after running a kernel on it: a size read (``nonzero``, a
    mask), or a copy to the host (``to("cpu")``, ``host.copy_(y)``); its kernel is queued before the wait."""
    return (
        name in SIZE_READS
        or (name == "where" and len(args) + len(kwargs) == 1)
        or _masked(name, args)
        or (name == "to" and _to_host(args, kwargs))
        or name == "copy_"
    )


def _computed(name: str, result: Any, args: tuple, kwargs: dict) -> bool:
    """Whether the operation ``name`` ran a kernel: it wrote into a tensor in place (``relu_``, ``__iadd__``,
    ``y[i] = v``, ``inplace=True``, ``out=``) or gave a tensor (or several) that is not one of its ``args`` (a
    no-op conversion such as ``float()`` of a float tensor hands back its input)."""
    import torch

    if name in _IN_PLACE_OPERATORS or (name.endswith("_") and not name.startswith("__")):
        return True
    if kwargs.get("inplace") is True or kwargs.get("out") is not None:
        return True
    results = result if isinstance(result, (tuple, list)) else (result,)
    return any(isinstance(r, torch.Tensor) and not any(r is a for a in args) for r in results)


def _to_host(args: tuple, kwargs: dict) -> bool:
    """Whether a ``Tensor.to`` call's arguments name the CPU as where the values go."""
    return any(str(a).startswith("cpu") for a in (*args[1:], *kwargs.values()))


def _masked(name: str, args: tuple) -> bool:
    """Whether a call is an index with a mask of booleans (``y[y > 0]``), whose result's size is read on the host."""
    import torch

    if name != "__getitem__" or len(args) < 2:
        return False
    index = args[1] if isinstance(args[1], tuple) else (args[1],)
    return any(isinstance(i, torch.Tensor) and i.dtype == torch.bool for i in index)


def _non_blocking(args: tuple, kwargs: dict) -> bool:
    """Whether a ``Tensor.to``/``copy_`` call asks for a copy that does not wait: ``non_blocking=True``, or
    ``True`` as its first positional flag after the tensor (``to(device, dtype, True)``, ``copy_(src, True)``;
    a later flag is ``copy``)."""
    if "non_blocking" in kwargs:
        return kwargs["non_blocking"] is True
    return next((a for a in args[1:] if isinstance(a, bool)), False) is True


#: How many CUDA devices the stand-in machine has; the current one is cuda:0.
DEVICES = 2


@contextlib.contextmanager
def cuda_stand_in(values: Any, queue: DeviceQueue | None = None, index: int = 0) -> Iterator[tuple[Any, list[str]]]:
    """``(tensor, waits)``: a tensor holding ``values`` whose ``device`` is ``cuda:<index>``, and the list of
    the waiting calls made on it (or on ``torch.cuda``) inside the block, by name, in order; with ``queue``,
    the device's time is kept as :class:`DeviceQueue` says."""
    with cuda_stand_ins(values, queue=queue, index=index) as (tensors, waits):
        yield tensors[0], waits


@contextlib.contextmanager
def cuda_stand_ins(
    *values: Any, queue: DeviceQueue | None = None, index: int = 0
) -> Iterator[tuple[list[Any], list[str]]]:
    """``(tensors, waits)``: a tensor on ``cuda:<index>`` for each of ``values``, in order, and the waiting
    calls made inside the block, as :func:`cuda_stand_in`."""
    import torch

    if not 0 <= index < DEVICES:
        raise ValueError(f"the stand-in machine has cuda:0 to cuda:{DEVICES - 1}, not cuda:{index}.")
    waits: list[str] = []
    #: the current device: the last one entered with torch.cuda.device, or a stream's with torch.cuda.stream
    current_device = [0]

    def resolve(device: Any = None) -> int:
        """The index of the device that ``device`` names (an index, a torch.device, a string, a tensor's
        ``device``); None, or a device without an index, is the current one. Raises ValueError for a device
        that is not a CUDA device, as ``torch.cuda``'s functions do."""
        if device is None:
            return current_device[-1]
        if isinstance(device, int):
            return device
        named = torch.device(device)
        if named.type != "cuda":
            raise ValueError(f"Expected a cuda device, but got: {named}")
        return current_device[-1] if named.index is None else named.index

    def wait(name: str, until: float | None = None) -> None:
        waits.append(name)
        if queue is not None:
            queue.wait(until)

    def _seen(end: float) -> None:
        if queue is not None:
            queue.seen(end)

    class CudaStandIn(torch.Tensor):
        """A tensor that says it is on cuda:0; its values stay in host memory."""

        @property
        def device(self) -> torch.device:
            return torch.device("cuda", index)

        @property
        def is_cuda(self) -> bool:
            return True

        def get_device(self) -> int:
            return index  # the plain tensor's would say -1, the host's

        @classmethod
        def __torch_function__(cls, func, types, args=(), kwargs=None):
            kwargs = kwargs or {}
            name = getattr(func, "__name__", "")
            if name == "numpy" and kwargs.get("force") is True:  # a copy to the host first, as PyTorch makes it
                wait(name)
                with torch._C.DisableTorchFunctionSubclass():
                    return args[0].as_subclass(torch.Tensor).numpy()
            if name in REFUSED_ON_A_DEVICE:  # as PyTorch refuses it for a tensor on a GPU: no wait, an error
                raise TypeError(
                    f"can't convert cuda:{index} device type tensor to numpy. Use Tensor.cpu() to copy the tensor "
                    "to host memory first."
                )
            if name in HOST_READS:
                wait(name)
                with torch._C.DisableTorchFunctionSubclass():  # a plain tensor's read (its __format__ of a scalar)
                    plain = [a.as_subclass(torch.Tensor) if isinstance(a, CudaStandIn) else a for a in args]
                    return func(*plain, **kwargs)
            # a kernel of its own (an element-wise op, a reduction, a copy): on the device's queue before any wait
            # the call makes for it
            kernel = queue is not None and name not in PRODUCTS and queue.op_s > 0 and name not in VIEWS
            if kernel and _kernel_before(name, args, kwargs):
                queue.issue(queue.op_s)
                streams[index][-1].last = queue.busy_until
                kernel = False
            if name in SIZE_READS or (name == "where" and len(args) + len(kwargs) == 1) or _masked(name, args):
                wait(name)  # the result's size is read on the host; the result stays on the device
            elif name == "to" and _to_host(args, kwargs) and not _non_blocking(args, kwargs):
                wait(name)
            elif name == "copy_" and args and not isinstance(args[0], CudaStandIn):
                if not _non_blocking(args, kwargs):
                    wait("copy_")  # host.copy_(y): y's values copied into a tensor of the host
            elif name in PRODUCTS and queue is not None:
                queue.issue(queue.product_s)
                streams[index][-1].last = queue.busy_until  # on the current stream of the tensors' device
            result = super().__torch_function__(func, types, args, kwargs)
            if kernel and _computed(name, result, args, kwargs):
                queue.issue(queue.op_s)
                streams[index][-1].last = queue.busy_until
            return result

    class Stream:
        """A stand-in for a CUDA stream: the default stream of the tensors' device holds the work queued
        before the code ran; one the code makes holds only what is issued under ``torch.cuda.stream(it)``,
        and the other device's default stream nothing."""

        def __init__(self, device: Any = None, *args, default: bool = False, **kwargs) -> None:
            self.device = torch.device("cuda", resolve(device))
            self.default = default and self.device.index == index
            self.last = 0.0  # when the device ends the last work issued on this stream (a made stream's)

        def end(self) -> float:
            """When the device ends the work queued on this stream so far (0: none): the default stream's is
            the whole queue's, a made stream's the work issued on it or that it was told to wait for."""
            if queue is None:
                return 0.0
            return queue.busy_until if self.default else self.last

        def reached(self) -> float:
            """When the device reaches work queued on this stream now."""
            return max(_clock(), self.end())

        def synchronize(self) -> None:
            wait("Stream.synchronize", self.end())

        def query(self) -> bool:
            end = self.end()
            if done := _clock() >= end:
                _seen(end)
            return done

        def wait_event(self, event) -> None:
            if not self.default and getattr(event, "recorded", False):
                self.last = max(self.last, event.at)

        def wait_stream(self, stream) -> None:
            if not self.default and isinstance(stream, Stream):
                self.last = max(self.last, stream.end())

        def record_event(self, event=None):
            event = event or Event()
            event.record(self)
            return event

    default_stream = Stream(index, default=True)
    default_streams = {d: default_stream if d == index else Stream(d, default=True) for d in range(DEVICES)}
    #: per device, the streams work on it goes to: its default stream, then those entered with torch.cuda.stream
    streams = {d: [default_streams[d]] for d in range(DEVICES)}

    def current_stream(device: Any = None) -> Stream:
        """The stream work on ``device`` (default: the current device) goes to: the last one entered for it with
        ``torch.cuda.stream``, or its default stream."""
        return streams[resolve(device)][-1]

    class Event:
        """A stand-in for a CUDA event: waiting on it waits for the device once it has been recorded."""

        def __init__(self, enable_timing: bool = False, *args, **kwargs) -> None:
            self.timing = enable_timing
            self.recorded = False
            self.at = 0.0  # when the device reaches the event, in perf_counter seconds

        def record(self, stream=None) -> None:
            self.recorded = True
            self.at = (stream if isinstance(stream, Stream) else current_stream()).reached()

        def synchronize(self) -> None:
            if self.recorded:
                wait("Event.synchronize", self.at)

        def query(self) -> bool:
            if done := _clock() >= self.at:
                _seen(self.at)
            return done

        def wait(self, stream=None) -> None:
            (stream if isinstance(stream, Stream) else current_stream()).wait_event(self)

        def elapsed_time(self, other) -> float:
            """Milliseconds of device time from this event to ``other``; raises as CUDA does when either was
            made without ``enable_timing=True`` or not recorded, or the device has not reached ``other``."""
            if not (self.timing and other.timing):
                raise RuntimeError("Both events must be created with argument 'enable_timing=True'.")
            if not (self.recorded and other.recorded):
                raise RuntimeError("Both events must be recorded before calculating elapsed time.")
            if _clock() < other.at:
                raise RuntimeError("CUDA error: device not ready")
            _seen(other.at)
            return (other.at - self.at) * 1e3

    @contextlib.contextmanager
    def stream(which=None):
        """Work on the stream's device goes to it, and, as in PyTorch (whose ``torch.cuda.set_stream`` also sets
        the current device), its device is the current one inside the block; ``None`` changes nothing."""
        if not isinstance(which, Stream):
            yield
            return
        streams[which.device.index].append(which)
        current_device.append(which.device.index)
        try:
            yield
        finally:
            current_device.pop()
            streams[which.device.index].pop()

    def synchronize(device=None) -> None:
        if resolve(device) == index:
            wait("synchronize")
        else:
            waits.append("synchronize (another device)")  # that device holds none of the tensors' work

    @contextlib.contextmanager
    def device(which=None):
        current_device.append(resolve(which))
        try:
            yield
        finally:
            current_device.pop()

    def device_of(obj):
        """As PyTorch's: the device of ``obj`` while the block runs, where it is on a GPU; else no change."""
        return device(obj.get_device() if getattr(obj, "is_cuda", False) else None)

    def set_device(which) -> None:
        current_device[-1] = resolve(which)

    stand_ins = {
        "synchronize": synchronize,
        "current_stream": current_stream,
        "default_stream": lambda device=None: default_streams[resolve(device)],
        "Stream": Stream,
        "stream": stream,
        "Event": Event,
        "device": device,
        "device_of": device_of,
        "set_device": set_device,
        "is_available": lambda: True,
        "is_initialized": lambda: True,  # a CUDA tensor exists
        "device_count": lambda: DEVICES,
        "current_device": lambda: current_device[-1],
    }
    # PyTorch's device-generic API (torch.accelerator, 2.6 and later) names the same machine
    accelerator = getattr(torch, "accelerator", None)
    generic = (
        {}
        if accelerator is None
        else {
            "synchronize": synchronize,
            "current_stream": current_stream,
            "is_available": lambda: True,
            "current_accelerator": lambda check_available=False: torch.device("cuda"),
            "device_count": lambda: DEVICES,
            "current_device_index": lambda: current_device[-1],
            "current_device_idx": lambda: current_device[-1],
        }
    )
    kept = {(torch.cuda, name): getattr(torch.cuda, name) for name in stand_ins}
    kept.update({(accelerator, name): getattr(accelerator, name) for name in generic if hasattr(accelerator, name)})
    tensors = [torch.Tensor._make_subclass(CudaStandIn, torch.as_tensor(v)) for v in values]
    for name, value in stand_ins.items():
        setattr(torch.cuda, name, value)
    for name, value in generic.items():
        setattr(accelerator, name, value)
    # the host computes the stand-in's values on one thread, as a GPU's host only launches: with PyTorch's
    # threads spread over a core another process keeps busy, each small product waited milliseconds for its
    # second thread, and the front end fell behind the device it stands in for (1.4-1.6x its time, 6 of 6)
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        yield tensors, waits
    finally:
        torch.set_num_threads(threads)
        for (module, name), value in kept.items():
            setattr(module, name, value)
        for name in set(generic) - {name for module, name in kept if module is accelerator}:
            delattr(accelerator, name)
