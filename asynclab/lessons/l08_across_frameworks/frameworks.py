"""Lesson 08's helper: the course's three questions asked of each framework, in fresh processes.

1. Does a call return before its work is done? (enqueue vs finish of one
   N x N float32 product)
2. Which calls wait for the back end? (each candidate call timed right after
   a product was launched)
3. What switches the asynchrony off, and what does it cost? (the same
   measurements in a process started with the framework's switch, and the
   per-operation time of a loop of tiny operations with and without a wait
   after each)

Each framework is measured in a process of its own, once as it comes and
once with its switch, so that frameworks do not share threads or memory and
a switch read at start-up takes effect. The code each process runs is built
from a :class:`Framework` description; the figures come back through
:func:`asynclab.foundation.backends.fresh.run_snippet`. Seconds throughout.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from asynclab.foundation.backends.fresh import SnippetRun, run_snippet
from asynclab.foundation.timing import Samples, quartiles

__all__ = ["Framework", "FRAMEWORKS", "CORE", "available", "Measured", "measure", "measure_all", "table", "WAIT_SHARE",
           "to_dict", "from_dict", "reference", "save_reference"]

WAIT_SHARE = 0.5       # a call "waits" when it takes at least this share of the product's finish time


@dataclass(frozen=True)
class Framework:
    """How to ask the three questions of one framework (snippets of Python source).

    ``make`` builds ``x`` (an ``N`` x ``N`` float32 matrix) and ``tiny`` a
    one-element array ``t``; ``product`` and ``tiny_op`` are expressions over
    them; ``wait`` waits for the array named ``{a}`` (an empty string where
    nothing is ever pending); ``wait_all`` waits for everything queued. ``calls`` are the
    candidate calls of question 2, each a statement over ``y``. ``env`` and
    ``prologue`` switch asynchrony off in a fresh process.
    """

    name: str
    module: str
    imports: str
    make: str
    product: str
    wait: str
    wait_all: str
    tiny: str
    tiny_op: str
    calls: tuple[str, ...]
    switch: str
    env: Mapping[str, str] = field(default_factory=dict)
    prologue: str = ""
    note: str = ""


FRAMEWORKS: dict[str, Framework] = {
    "NumPy": Framework(
        "NumPy", "numpy", "import numpy as np",
        make="x = np.ones((N, N), dtype=np.float32)", product="x @ x", wait="", wait_all="",
        tiny="t = np.ones(1, dtype=np.float32)", tiny_op="t + 1",
        calls=("y.shape", "y.sum()", "repr(y)"),
        switch="none needed", note="computes before every call returns"),
    "MXNet": Framework(
        "MXNet", "mxnet", "import mxnet as mx",
        make="x = mx.nd.ones((N, N))", product="mx.nd.dot(x, x)", wait="{a}.wait_to_read()",
        wait_all="mx.nd.waitall()", tiny="t = mx.nd.ones((1,))", tiny_op="t + 1",
        calls=("y.shape", "y.context", "y.wait_to_read()", "mx.nd.waitall()", "y.asnumpy()",
               "y[0, 0].asscalar()", "repr(y)"),
        switch="MXNET_ENGINE_TYPE=NaiveEngine", env={"MXNET_ENGINE_TYPE": "NaiveEngine"}),
    "PyTorch": Framework(
        "PyTorch", "torch", "import torch\nfrom asynclab.foundation.backends import torch as tb",
        make="x = torch.ones(N, N)", product="x @ x", wait="tb.sync({a})", wait_all="tb.sync_all()",
        tiny="t = torch.ones(1)", tiny_op="t + 1",
        calls=("y.shape", "y.device", "tb.sync(y)", "y.sum().item()", "y.numpy()", "repr(y)"),
        switch="CUDA_LAUNCH_BLOCKING=1", env={"CUDA_LAUNCH_BLOCKING": "1"},
        note="on the CPU every operator runs before the call returns; the switch acts on CUDA only"),
    "MindSpore": Framework(
        "MindSpore", "mindspore",
        "import numpy as np\nimport mindspore as ms\nfrom mindspore import ops\n"
        "from asynclab.foundation.backends import mindspore as msb",
        make="x = ms.Tensor(np.ones((N, N), dtype=np.float32))", product="ops.matmul(x, x)",
        wait="msb.sync({a})", wait_all="msb.sync_all()",
        tiny="t = ms.Tensor(np.ones(1, dtype=np.float32))", tiny_op="t + 1",
        calls=("y.shape", "y.asnumpy()", "repr(y)", "y[0, 0].item()", "ms.hal.synchronize()",
               "ms.runtime.synchronize()"),
        switch="set_context(pynative_synchronize=True)",
        prologue="import mindspore\nmindspore.set_context(pynative_synchronize=True)\n",
        note="PyNative queues every operator, on the CPU too; runtime.synchronize() does not wait on the CPU"),
}
#: Frameworks the lesson's main table always measures (installed by make test); the others when present.
CORE = ("NumPy", "MXNet", "PyTorch")


def available() -> list[str]:
    """The frameworks of :data:`FRAMEWORKS` installed here, in order."""
    return [name for name, fw in FRAMEWORKS.items() if importlib.util.find_spec(fw.module) is not None]


_TEMPLATE = """
from asynclab.foundation.timing import Benchmark
{imports}
N, ROUNDS, OPS = {n}, {rounds}, {ops}
{make}
{tiny}
for _ in range(2):                       # warm-up: start the library's threads and pools
    y = {product}
    {wait_all_or_pass}
for _ in range(ROUNDS):
    {wait_all_or_pass}
    with Benchmark("finish", quiet=True):
        with Benchmark("enqueue", quiet=True):
            y = {product}
        {wait_or_pass}
for index, call in enumerate(CALLS):
    for _ in range(ROUNDS):
        {wait_all_or_pass}
        y = {product}
        with Benchmark(f"call{{index}}", quiet=True):
            exec(call)
        {wait_all_or_pass}
for _ in range(ROUNDS):
    {wait_all_or_pass}
    with Benchmark("tiny.queued", quiet=True):
        for _ in range(OPS):
            t = {tiny_op}
        {wait_t_or_pass}
    with Benchmark("tiny.waited", quiet=True):
        for _ in range(OPS):
            t = {tiny_op}
            {wait_t_or_pass}
"""


def _snippet(fw: Framework, n: int, rounds: int, ops: int) -> str:
    def stmt(code: str) -> str:
        return code or "pass"
    body = _TEMPLATE.format(imports=fw.imports, n=n, rounds=rounds, ops=ops, make=fw.make, tiny=fw.tiny,
                            product=fw.product, tiny_op=fw.tiny_op, wait_all_or_pass=stmt(fw.wait_all),
                            wait_or_pass=stmt(fw.wait.format(a="y")), wait_t_or_pass=stmt(fw.wait.format(a="t")))
    return f"CALLS = {list(fw.calls)!r}\n" + body


def _samples(run: SnippetRun, label: str) -> Samples:
    return Samples(tuple(run.samples(label)))


@dataclass(frozen=True)
class Measured:
    """One framework in one process: ``switched`` says whether its switch was on. Seconds."""

    framework: str
    switched: bool
    n: int
    enqueue: Samples
    finish: Samples
    calls: dict[str, Samples]
    tiny_queued: Samples       # per operation, OPS operations then one wait
    tiny_waited: Samples       # per operation, a wait after each

    @property
    def ratio(self) -> float:
        """Median finish over median enqueue: far above 1 when the call returns early."""
        return self.finish.median / self.enqueue.median if self.enqueue.median > 0 else float("inf")

    @property
    def returns_early(self) -> bool:
        """Whether the call returned before its work was done (finish at least 10x enqueue)."""
        return self.ratio >= 10

    def waits(self, call: str) -> bool:
        """Whether ``call``, made right after a product was launched, waited for it."""
        return self.calls[call].median >= WAIT_SHARE * self.finish.median


def measure(name: str, *, switched: bool = False, n: int = 1000, rounds: int = 5, ops: int = 200,
            timeout: float = 180.0) -> Measured:
    """Ask the three questions of framework ``name`` in a fresh process (with its switch when ``switched``)."""
    if name not in FRAMEWORKS:
        raise ValueError(f"unknown framework {name!r}; the lesson knows {', '.join(FRAMEWORKS)}.")
    if name not in available():
        raise ValueError(f"{name} is not installed here (no module {FRAMEWORKS[name].module!r}).")
    for what, value in (("n", n), ("rounds", rounds), ("ops", ops)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{what} must be a positive whole number, got {value!r}.")
    fw = FRAMEWORKS[name]
    env = dict(fw.env) if switched else {}
    run = run_snippet(_snippet(fw, n, rounds, ops), env=env, timeout=timeout,
                      prologue=fw.prologue if switched else "",
                      what=f"{name} {'with ' + fw.switch if switched else 'as it comes'}")
    calls = {call: _samples(run, f"call{i}") for i, call in enumerate(fw.calls)}
    queued = Samples(tuple(v / ops for v in run.samples("tiny.queued")))
    waited = Samples(tuple(v / ops for v in run.samples("tiny.waited")))
    return Measured(name, switched, n, _samples(run, "enqueue"), _samples(run, "finish"), calls, queued, waited)


def _samples_dict(s: Samples) -> list[float]:
    return [float(v) for v in s.values]


def to_dict(m: Measured) -> dict:
    """A :class:`Measured` as plain JSON-ready data (seconds)."""
    return {"framework": m.framework, "switched": m.switched, "n": m.n,
            "enqueue": _samples_dict(m.enqueue), "finish": _samples_dict(m.finish),
            "calls": {c: _samples_dict(s) for c, s in m.calls.items()},
            "tiny_queued": _samples_dict(m.tiny_queued), "tiny_waited": _samples_dict(m.tiny_waited)}


def from_dict(data: Mapping) -> Measured:
    """The inverse of :func:`to_dict`."""
    def s(values) -> Samples:
        return Samples(tuple(float(v) for v in values))
    return Measured(str(data["framework"]), bool(data["switched"]), int(data["n"]), s(data["enqueue"]),
                    s(data["finish"]), {c: s(v) for c, v in data["calls"].items()}, s(data["tiny_queued"]),
                    s(data["tiny_waited"]))


REFERENCE = "frameworks_reference.json"


def reference_path():
    from pathlib import Path

    return Path(__file__).resolve().parent / REFERENCE


def reference() -> tuple[dict, list[Measured], dict]:
    """Figures stored with the course for frameworks ``make test`` does not install (MindSpore).

    Returns (the machine they were measured on, the measurements, the
    framework's own facts such as :func:`asynclab.foundation.backends.mindspore.facts`).
    """
    import json

    data = json.loads(reference_path().read_text("utf-8"))
    return data["machine"], [from_dict(m) for m in data["measured"]], data.get("facts", {})


def save_reference(results: Sequence[Measured], machine: Mapping[str, str], facts: Mapping | None = None,
                   path=None) -> None:
    """Store ``results`` (and ``facts``) as the course's reference figures, with the machine that measured them.

    How the stored file was made, in a Python that has MindSpore::

        from asynclab.lessons.l08_across_frameworks import frameworks
        from asynclab.foundation.backends import mindspore as msb
        frameworks.save_reference(frameworks.measure_all(["MindSpore"]), {...}, msb.facts())
    """
    import json

    for key in ("cpu", "os", "date", "by"):
        if not machine.get(key):
            raise ValueError(f"machine needs a {key!r} entry, saying where and when the figures were measured.")
    data = {"machine": dict(machine), "measured": [to_dict(r) for r in results], "facts": dict(facts or {})}
    (path or reference_path()).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def measure_all(names: Sequence[str] | None = None, **options) -> list[Measured]:
    """Every installed framework (or ``names``), as it comes and with its switch (two processes each).

    No progress bar: without ipywidgets, tqdm writes to stderr, which nbval
    counts as output; the whole run takes about half a minute.
    """
    names = list(names) if names is not None else available()
    return [measure(name, switched=switched, **options) for name in names for switched in (False, True)]


def _ms(samples: Samples, scale: float = 1e3) -> str:
    q1, q2, q3 = quartiles(samples.values)
    return f"{scale * q2:.2f} [{scale * q1:.2f}-{scale * q3:.2f}]"


def table(results: Sequence[Measured]) -> str:
    """The measurements as a Markdown table: medians in ms (µs per tiny op), quartiles in brackets.

    No column is padded, so the text stays the same when only its numbers change.
    """
    lines = ["| framework | switch | enqueue ms | finish ms | returns early | tiny op µs, queued | "
             "tiny op µs, a wait after each |",
             "|---|---|---|---|---|---|---|"]
    for r in results:
        switch = f"`{FRAMEWORKS[r.framework].switch}`" if r.switched else "as it comes"
        lines.append(f"| {r.framework} | {switch} | {_ms(r.enqueue)} | {_ms(r.finish)} | "
                     f"{'yes' if r.returns_early else 'no'} | {1e6 * r.tiny_queued.median:.2f} | "
                     f"{1e6 * r.tiny_waited.median:.2f} |")
    return "\n".join(lines)
