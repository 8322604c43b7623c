"""What MXNet's profiler saw: operator spans per device and worker thread.

MXNet's profiler (``mx.profiler``) writes a Chrome-trace JSON file: one
``B``/``E`` event pair per operator run by the engine, with the device as
``pid`` (``cpu(1)`` is 1) and the worker thread as ``tid``; times in
microseconds of the system clock. :func:`record` runs a block under the
profiler and returns the operators it ran as :class:`OpSpan` objects
(seconds); :func:`parse_trace` reads such a file's text; :func:`busy_overlap`
tells for how much of the time two groups of spans were running at once, and
:func:`share_beside` how many spans of one group ran beside the other at all;
:func:`recorded_ops` reads which operators MXNet's autograd record shows computing arrays.

Facts of MXNet 1.9.1 that shape this module (``src/profiler/profiler.cc``):

- a dump consumes the events recorded so far, and output stays off until
  ``set_config`` is called again, so :func:`record` calls it every time;
- a dump of this build is not always valid JSON: the list is left open
  (continuous dumping is on unless ``set_config`` turns it off), only the first dump of a
  process writes the header and names the devices, and every later one
  starts with a comma. :func:`parse_trace` reads all of these forms;
- after ``dump(finished=True)`` the next ``set_config`` fails, and so does
  one that leaves ``continuous_dump`` on after one that turned it off, for
  the rest of the process: :func:`record` never does either, and
  :func:`configure` turns that failure into :class:`ProfilerBroken`.

Foundation layer: imports MXNet only inside :func:`record` and :func:`recorded_ops`.
"""

from __future__ import annotations

import atexit
import itertools
import json
import os
import re
import shutil
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "OpSpan",
    "Trace",
    "parse_trace",
    "record",
    "busy_time",
    "busy_overlap",
    "share_beside",
    "done_before",
    "worker_rows",
    "TraceError",
    "remove_orphan_folders",
    "aggregate",
    "FRONT_END",
    "CHORES",
    "ProfilerBroken",
    "configure",
    "BROKEN",
    "trace_file",
    "API_SECTION",
    "PRODUCT_OPS",
]


FRONT_END = -1  # the "device" of the front end's C API calls in a trace
CHORES = ("DeleteVariable", "WaitForVar", "WaitForAll")  # the engine's own entries in a profile, not work
API_SECTION = "MXNet C API Calls"  # the span of the whole API section in a trace, not a call
#: MXNet's operators that compute a matrix product, as a trace or autograd's record names them
PRODUCT_OPS = frozenset(
    {
        "dot",
        "batch_dot",
        "FullyConnected",
        "_linalg_gemm2",
        "_linalg_gemm",
        "_npi_matmul",
        "_np_dot",
        "_npi_tensordot",  # mx.np.tensordot (and inner, vdot) with axes given as lists
        "_npi_tensordot_int_axes",  # ... with axes given as a number
        "_npi_einsum",
    }
)


BROKEN = (
    "MXNet's profiler can no longer be configured in this process: something called "
    "profiler.dump() with finished=True (its default) or set continuous_dump=False before; restart the "
    "kernel, and end a recording with profiler.dump(finished=False) instead"
)


_TRACE_FOLDER: list[str] = []
_RECORDINGS = itertools.count(1)  # this process's folder for the profiler's files, made on first use


_FOLDER_PREFIX = "asynclab-profiler-"


def _alive(pid: int) -> bool:
    """Whether a process with this pid exists (one of another user's counts as alive)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_orphan_folders(folder: str | None = None) -> list[str]:
    """Remove the profiler folders (``asynclab-profiler-<pid>-*`` in ``folder``, default: the temporary
    folder) whose process is gone, and return their paths.

    A process removes its own folder when it exits; one that was killed (a kernel stopped with SIGKILL,
    a fresh process past its timeout) cannot, so the next process that profiles removes it.
    """
    folder = folder or tempfile.gettempdir()
    removed = []
    try:
        names = os.listdir(folder)
    except OSError:
        return removed
    for name in names:
        if not name.startswith(_FOLDER_PREFIX):
            continue
        pid = name[len(_FOLDER_PREFIX) :].split("-", 1)[0]
        if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
            path = os.path.join(folder, name)
            shutil.rmtree(path, ignore_errors=True)
            removed.append(path)
    return removed


def trace_file(name: str) -> str:
    """A path for a file of MXNet's profiler, ``name`` in a folder of this process's own.

    MXNet writes its trace once more when the process ends, to the last file it was configured with,
    after Python's own clean-up. The folder is removed at exit, before that last write, which then
    finds no folder and writes nothing: a process that profiled leaves no file behind. The folders
    of processes that were killed before they could remove theirs are removed when the folder is made
    (:func:`remove_orphan_folders`).
    """
    if not _TRACE_FOLDER or not os.path.isdir(_TRACE_FOLDER[0]):
        remove_orphan_folders()
        _TRACE_FOLDER[:] = [tempfile.mkdtemp(prefix=f"{_FOLDER_PREFIX}{os.getpid()}-")]
        atexit.register(shutil.rmtree, _TRACE_FOLDER[0], ignore_errors=True)
    return os.path.join(_TRACE_FOLDER[0], name)


class ProfilerBroken(RuntimeError):
    """MXNet's profiler refuses ``set_config`` for the rest of the process (see :data:`BROKEN`)."""


class TraceError(ValueError):
    """The text is not a trace (or an aggregate table) of MXNet's profiler."""


@dataclass(frozen=True)
class OpSpan:
    """One operator run: ``name``, ``device`` (the context's number), ``thread`` (the worker's id
    in the trace), ``start`` and ``end`` in seconds of the trace's clock."""

    name: str
    device: int
    thread: int
    start: float
    end: float

    @property
    def seconds(self) -> float:
        return self.end - self.start

    @property
    def row(self) -> str:
        """The timeline row: the device, or the front end (as in ``plots.timeline``)."""
        return "front end" if self.device == FRONT_END else f"cpu({self.device})"

    @property
    def label(self) -> str:
        return self.name


@dataclass
class Trace:
    """The operators one :func:`record` block ran, in start order (filled when the block ends), and, when
    recorded, the front end's calls into MXNet (``calls``, device :data:`FRONT_END`)."""

    spans: list[OpSpan] = field(default_factory=list)
    calls: list[OpSpan] = field(default_factory=list)

    def on(self, device: int, name: str | None = None) -> list[OpSpan]:
        """The spans of one device, optionally only those of operator ``name``."""
        return [s for s in self.spans if s.device == device and (name is None or s.name == name)]

    @property
    def devices(self) -> list[int]:
        return sorted({s.device for s in self.spans})


def parse_trace(text: str, *, category: str = "operator") -> list[OpSpan]:
    """The spans of one category of one profiler dump (its file's text), in start order.

    ``"operator"``: the operators the engine ran, per device and worker;
    ``"MXNET_C_API"``: the front end's calls into MXNet (device
    :data:`FRONT_END`; recorded when ``profile_api`` is on). Raises
    :class:`TraceError` with one sentence when the text is not such a trace.
    """
    if not isinstance(text, str):
        raise TypeError(f"the trace must be the file's text (a string), not {type(text).__name__}.")
    body = re.sub(r'^\s*\{\s*"traceEvents"\s*:\s*\[', "", text)  # the header, first dump only
    body = re.sub(r'\]\s*(,\s*"displayTimeUnit"\s*:\s*"[^"]*"\s*)?\}\s*$', "", body)  # the footer, if closed
    body = body.strip().strip(",").strip()
    try:
        events = json.loads(f"[{body}]")
    except json.JSONDecodeError:
        events = None
    if (
        not isinstance(events, list)
        or any(not isinstance(e, dict) for e in events)
        or (body and not any("ph" in e for e in events))
    ):
        raise TraceError("this is not a trace of MXNet's profiler (no list of trace events).")
    mine = [e for e in events if e.get("cat") == category]
    # operators come twice, as B/E on their worker and as b/e async events; the C API only as b/e
    phases = ("B", "E") if any(e.get("ph") in ("B", "E") for e in mine) else ("b", "e")
    open_: dict[tuple, list[tuple[str, float]]] = {}
    spans: list[OpSpan] = []
    for event in mine:
        if event.get("ph") not in phases:
            continue
        front = event["ph"] in ("b", "e")  # the C API's calls: async events, paired by id
        key = (event.get("name"), event.get("id")) if front else (int(event["pid"]), int(event["tid"]))
        seconds = float(event["ts"]) * 1e-6
        if event["ph"] in ("B", "b"):
            open_.setdefault(key, []).append((event["name"], seconds))
        elif open_.get(key):
            name, start = open_[key].pop()
            device, thread = (FRONT_END, int(event.get("tid", 0))) if front else key
            spans.append(OpSpan(name, device, thread, start, seconds))
    spans.sort(key=lambda s: (s.start, s.end))
    return spans


@contextmanager
def record(*, folder: str | None = None, calls: bool = False) -> Iterator[Trace]:
    """Run the block under MXNet's profiler; the yielded :class:`Trace` holds its operators after it.

    Waits for all pending work before starting and before stopping, so the
    trace holds every operator the block issued. With ``calls`` it also holds
    the front end's calls into MXNet's C API (the last one is this function's
    own wait). The trace file lives in ``folder`` (the system's temporary
    folder by default) and is deleted.
    """
    from mxnet import nd, profiler

    trace = Trace()
    if folder is None:
        path = trace_file(f"trace-{next(_RECORDINGS)}.json")
    else:
        handle, path = tempfile.mkstemp(prefix="asynclab-trace-", suffix=".json", dir=folder)
        os.close(handle)
    try:
        nd.waitall()
        configure(profile_imperative=True, profile_api=calls, aggregate_stats=False, filename=path)
        profiler.set_state("run")
        try:
            yield trace
            nd.waitall()
        finally:
            profiler.set_state("stop")
            profiler.dump(finished=False)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        trace.spans.extend(parse_trace(text))
        if calls:
            trace.calls.extend(s for s in parse_trace(text, category="MXNET_C_API") if s.name != API_SECTION)
    finally:
        if os.path.exists(path):
            os.remove(path)


def configure(**settings) -> None:
    """``mx.profiler.set_config(**settings)``, or :class:`ProfilerBroken` with one sentence when MXNet refuses."""
    from mxnet import profiler
    from mxnet.base import MXNetError

    try:
        profiler.set_config(**settings)
    except MXNetError as error:
        if "auto_remove_" in str(error):
            raise ProfilerBroken(BROKEN) from None
        raise


def _union(spans: Iterable[OpSpan]) -> list[tuple[float, float]]:
    merged: list[list[float]] = []
    for s in sorted(spans, key=lambda s: s.start):
        if merged and s.start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], s.end)
        else:
            merged.append([s.start, s.end])
    return [(a, b) for a, b in merged]


def busy_time(spans: Iterable[OpSpan]) -> float:
    """Seconds during which at least one of ``spans`` was running."""
    return sum(b - a for a, b in _union(spans))


def busy_overlap(first: Iterable[OpSpan], second: Iterable[OpSpan]) -> float:
    """Share of the less busy group's busy time during which the other group was busy too.

    0 when the two groups ran one after the other, 1 when the less busy one
    ran entirely beside the other; 0 when either group is empty.
    """
    first, second = list(first), list(second)
    a, b = _union(first), _union(second)
    if not a or not b:
        return 0.0
    shared, i, j = 0.0, 0, 0
    while i < len(a) and j < len(b):
        lo, hi = max(a[i][0], b[j][0]), min(a[i][1], b[j][1])
        shared += max(0.0, hi - lo)
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    least = min(busy_time(first), busy_time(second))
    return shared / least if least > 0 else 0.0


def share_beside(first: Iterable[OpSpan], second: Iterable[OpSpan]) -> float:
    """Share of the spans in ``first`` that ran, for any time at all, beside a span of ``second``.

    Unlike :func:`busy_overlap` it does not weigh how long: a short span
    that a worker's wake-up delay leaves half alone still counts. 0 when
    ``first`` is empty.
    """
    first, second = list(first), list(second)
    if not first:
        return 0.0
    beside = sum(1 for a in first if any(min(a.end, b.end) > max(a.start, b.start) for b in second))
    return beside / len(first)


_TABLE_ROW = re.compile(r"^(?P<name>\S.*?)\s+(?P<count>\d+)\s+(?P<numbers>-?\d+\.\d+(?:\s+-?\d+\.\d+){2,3})\s*$")


def aggregate(text: str):
    """MXNet's aggregate table (``profiler.dumps()``) as a pandas DataFrame, one row per entry.

    Columns: ``section`` (``operator``, ``MXNET_C_API``, ``Device Storage``,
    ...), ``name``, ``count``, ``total`` (ms; empty for memory), ``min``,
    ``max``, ``avg`` and ``unit`` (``ms``, or ``kB`` for memory), rows in
    the table's order (each section by total time, longest first). Names
    longer than the table's column are read whole. An empty profile gives
    an empty frame; text that is not such a table raises :class:`TraceError`.
    """
    import pandas as pd

    if not isinstance(text, str):
        raise TypeError(f"the table must be the text profiler.dumps() returned, not {type(text).__name__}.")
    if "Profile Statistics" not in text:
        raise TraceError(
            "this is not an aggregate table of MXNet's profiler (no 'Profile Statistics' heading): "
            "pass what profiler.dumps() returned, with aggregate_stats=True in set_config."
        )
    rows, section, lines = [], None, text.splitlines()
    for i, line in enumerate(lines):
        if i + 1 < len(lines) and set(lines[i + 1].strip()) == {"="}:
            section = line.strip()
            continue
        match = _TABLE_ROW.match(line.strip())
        if section is None or not match or line.startswith("Name"):
            continue
        numbers = [float(v) for v in match["numbers"].split()]
        memory = len(numbers) == 3
        total, low, high, avg = ([float("nan")] + numbers) if memory else numbers
        rows.append(
            {
                "section": section,
                "name": match["name"].strip(),
                "count": int(match["count"]),
                "total": total,
                "min": low,
                "max": high,
                "avg": avg,
                "unit": "kB" if memory else "ms",
            }
        )
    columns = ["section", "name", "count", "total", "min", "max", "avg", "unit"]
    return pd.DataFrame(rows, columns=columns)


def done_before(first: Iterable[OpSpan], second: Iterable[OpSpan], slack: float = 1e-4) -> int:
    """How many spans of ``first`` had ended when the earliest span of ``second`` began (``slack`` s).

    0 when ``second`` is empty.
    """
    second = list(second)
    if not second:
        return 0
    begin = min(s.start for s in second)
    return sum(1 for s in first if s.end <= begin + slack)


def worker_rows(spans: Iterable[OpSpan]):
    """The spans as timeline bars (:class:`asynclab.foundation.timing.Span`) with one row per worker thread,
    ``worker 1``, ``worker 2``, ... in the order of the threads' ids."""
    from asynclab.foundation.timing import Span

    spans = list(spans)
    threads = sorted({s.thread for s in spans})
    return [Span(f"worker {threads.index(s.thread) + 1}", s.name, s.start, s.end) for s in spans]


def recorded_ops(*arrays: Any) -> tuple[list[str], list[str]] | None:
    """What MXNet's autograd record shows computing ``arrays`` together: the operator of every node of their
    grouped graph (a node two of them share counted once, inputs left out) and each array's last operator,
    in order; None where the record does not reach one of them (computed outside MXNet, or while recording
    was off)."""
    import mxnet as mx
    from mxnet import autograd

    try:
        graph = json.loads(mx.sym.Group([autograd.get_symbol(a) for a in arrays]).tojson())
    except Exception:
        return None
    nodes = graph["nodes"]
    return [n["op"] for n in nodes if n["op"] != "null"], [nodes[head[0]]["op"] for head in graph["heads"]]
