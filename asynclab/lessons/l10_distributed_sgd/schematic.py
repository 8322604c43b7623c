"""Lesson 10's picture of MXNet's distributed KVStore as the lesson runs it: a scheduler, a server, workers.

:func:`cluster_layout` says what the picture shows, as data: the processes
:func:`asynclab.foundation.backends.cluster.launch` starts (each with its ``DMLC_ROLE``, what it runs
and what it does), the variables every one of them gets from the launcher, and the messages between
them: a worker's ``push`` of its gradient to the server and ``pull`` of the weights back, at every
step, and every process's registration with the scheduler at start-up. :func:`draw_cluster` draws it.
The names come from the launcher and the training code (:mod:`asynclab.foundation.workloads.psgd`):
its store kinds, its weights' key. Lesson-helper layer: uses the foundation and matplotlib.
"""

from __future__ import annotations

from dataclasses import dataclass

from matplotlib.figure import Figure

from asynclab.foundation.backends.cluster import KINDS
from asynclab.foundation.workloads.psgd import KEY

__all__ = ["Process", "Message", "Cluster", "MAX_WORKERS", "cluster_layout", "draw_cluster"]

MAX_WORKERS = 4  # more workers than this do not fit side by side in a readable picture
STARTUP, TRAINING = "start-up", "every step"


@dataclass(frozen=True)
class Process:
    """One process of the run: its ``name``, its ``DMLC_ROLE``, what it ``runs`` and what it ``does``."""

    name: str
    role: str
    runs: str
    does: tuple[str, ...]


@dataclass(frozen=True)
class Message:
    """What goes from one process to another (``when``: :data:`STARTUP` or :data:`TRAINING`)."""

    source: str
    target: str
    label: str
    when: str


@dataclass(frozen=True)
class Cluster:
    """A run's processes (the scheduler, the server, then the workers by rank), the variables the launcher
    gives every one of them (``shared``; each gets its own ``DMLC_ROLE`` as well), and the messages."""

    kind: str
    shared: dict[str, str]
    processes: tuple[Process, ...]
    messages: tuple[Message, ...]

    def process(self, name: str) -> Process:
        """The process called ``name`` (``"scheduler"``, ``"server"``, ``"worker 0"``, ...)."""
        for p in self.processes:
            if p.name == name:
                return p
        raise KeyError(name)


def cluster_layout(kind: str = "dist_sync", workers: int = 2) -> Cluster:
    """The processes and messages of a ``kind`` run (``dist_sync`` or ``dist_async``) with one server and
    ``workers`` workers (1 to :data:`MAX_WORKERS`), as lesson 10 starts them. Bad input raises ValueError
    with one sentence."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)} (the distributed stores), got {kind!r}.")
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= MAX_WORKERS:
        raise ValueError(f"workers must be a whole number from 1 to {MAX_WORKERS} for the picture, got {workers!r}.")
    shared = {
        "DMLC_PS_ROOT_URI": "127.0.0.1",
        "DMLC_PS_ROOT_PORT": "a free port",
        "DMLC_NUM_SERVER": "1",
        "DMLC_NUM_WORKER": str(workers),
    }
    if kind == "dist_sync":
        serves = (
            f"holds the weights (key {KEY}) and the SGD optimizer the workers sent it",
            "waits for a push from every worker, adds them,",
            "updates the weights once, and only then answers",
        )
    else:
        serves = (
            f"holds the weights (key {KEY}) and the SGD optimizer the workers sent it",
            "applies each push the moment it arrives;",
            "a pull gets the weights as they are then",
        )
    processes = [
        Process(
            "scheduler",
            "scheduler",
            "import mxnet",
            (
                "listens at DMLC_PS_ROOT_URI:DMLC_PS_ROOT_PORT; every process registers there at start-up,",
                "and once DMLC_NUM_SERVER servers and DMLC_NUM_WORKER workers have, it tells each where the others are;",
                "it holds the workers' barriers (the last one at their end) and carries no gradient and no weight",
            ),
        ),
        Process("server", "server", "import mxnet", serves),
    ]
    messages = [Message("server", "scheduler", "register", STARTUP)]
    for rank in range(workers):
        name = f"worker {rank}"
        processes.append(
            Process(
                name,
                "worker",
                f'kv = mx.kv.create("{kind}")',
                (
                    "kv.set_optimizer(SGD) once, then every step:",
                    "grad = gradient_at(w, step)",
                    f"kv.push({KEY}, grad); kv.pull({KEY}, out=w)",
                ),
            )
        )
        messages += [
            Message(name, "server", "push: gradient", TRAINING),
            Message("server", name, "pull: weights", TRAINING),
            Message(name, "scheduler", "register", STARTUP),
        ]
    return Cluster(kind, shared, tuple(processes), tuple(messages))


# ----------------------------------------------------------------------------------------- the drawing

_COLORS = {"scheduler": ("#ececec", "#555555"), "server": ("#fbdcc0", "#c0642a"), "worker": ("#d6e4f5", "#3a6ea5")}
_WORKER_W, _WORKER_GAP = 2.9, 0.55
_LINE_IN = 0.19  # one line of a box's text
_MARGIN = 0.15
_RIGHT_LANE = 0.75  # room on the right for the server's line down to the scheduler


def _box_height(process: Process) -> float:
    """Inches for a process's box: the name, what it runs, one line per thing it does, and a margin."""
    return 0.1 + 0.27 + len(process.does) * _LINE_IN + 0.2


def _process_box(ax, patch: type, x: float, y: float, w: float, h: float, process: Process) -> None:
    """A process: its box, its name and role on the first line, what it runs, then what it does."""
    fill, edge = _COLORS[process.role]
    ax.add_patch(patch((x, y), w, h, boxstyle="round,pad=0,rounding_size=0.08", facecolor=fill, edgecolor=edge, lw=1.6))
    top = y + h - 0.1
    ax.text(x + 0.12, top, process.name, ha="left", va="top", fontsize=10.5, fontweight="bold")
    ax.text(x + w - 0.12, top, f"DMLC_ROLE={process.role}", ha="right", va="top", fontsize=8, family="monospace")
    ax.text(x + 0.12, top - 0.27, process.runs, ha="left", va="top", fontsize=8, family="monospace")
    for i, line in enumerate(process.does):
        ax.text(x + 0.12, top - 0.27 - (i + 1) * _LINE_IN, line, ha="left", va="top", fontsize=8)


def draw_cluster(kind: str = "dist_sync", workers: int = 2) -> Figure:
    """Draw :func:`cluster_layout` of a ``kind`` run with ``workers`` workers.

    At the top, the launcher (this notebook's kernel) and the variables it gives every process. Below
    it, the server (orange); under the server, the workers (blue) with a solid arrow up for each push
    of a gradient and a solid arrow down for each pull of the weights; at the bottom, the scheduler
    (grey), which every process reaches at start-up (dashed arrows) and which carries no training data.
    """
    import matplotlib.pyplot as plt
    from matplotlib.patches import FancyArrowPatch, FancyBboxPatch
    from matplotlib.path import Path

    layout = cluster_layout(kind, workers)
    n = workers
    server, scheduler = layout.process("server"), layout.process("scheduler")
    heights = {p.role: _box_height(p) for p in layout.processes}
    span = n * _WORKER_W + (n - 1) * _WORKER_GAP  # the row of workers
    row_w = max(span, 8.6)
    width = 2 * _MARGIN + row_w + _RIGHT_LANE
    launcher_h, arrows_h, registers_h, legend_h = 0.95, 1.5, 0.8, 0.35
    height = (
        2 * _MARGIN
        + legend_h
        + heights["scheduler"]
        + registers_h
        + heights["worker"]
        + arrows_h
        + heights["server"]
        + 0.35
        + launcher_h
    )
    fig = plt.figure(figsize=(width, height))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, width)
    ax.set_ylim(0, height)
    ax.set_axis_off()
    left = _MARGIN

    # the launcher, and what every process gets from it
    top = height - _MARGIN
    ax.add_patch(
        FancyBboxPatch(
            (left, top - launcher_h),
            row_w + _RIGHT_LANE - 0.1,
            launcher_h,
            boxstyle="round,pad=0,rounding_size=0.08",
            facecolor="white",
            edgecolor="0.4",
            lw=1.0,
            linestyle=(0, (4, 2)),
        )
    )
    ax.text(
        left + 0.12,
        top - 0.1,
        f'launcher: cluster.launch(..., kind="{kind}", workers={n}) in this notebook\'s kernel',
        ha="left",
        va="top",
        fontsize=10,
        fontweight="bold",
    )
    ax.text(
        left + 0.12,
        top - 0.4,
        "starts the processes below on this machine (copies of one process that imported MXNet once) and gives each:",
        ha="left",
        va="top",
        fontsize=8.5,
    )
    shared = "   ".join(f"{k}={v}" for k, v in layout.shared.items()) + "   and its own DMLC_ROLE"
    ax.text(left + 0.12, top - 0.65, shared, ha="left", va="top", fontsize=8, family="monospace")

    # the server, over the row of workers
    server_w = max(span, 4.7)
    server_x = left + (row_w - server_w) / 2
    server_y = top - launcher_h - 0.35 - heights["server"]
    _process_box(ax, FancyBboxPatch, server_x, server_y, server_w, heights["server"], server)

    # the workers, and their pushes and pulls: straight up and down, a label on the outer side of each
    worker_y = server_y - arrows_h - heights["worker"]
    start = left + (row_w - span) / 2
    worker_x = [start + r * (_WORKER_W + _WORKER_GAP) for r in range(n)]
    for r, x in enumerate(worker_x):
        _process_box(ax, FancyBboxPatch, x, worker_y, _WORKER_W, heights["worker"], layout.process(f"worker {r}"))
        centre = x + _WORKER_W / 2
        for offset, source, label in ((-0.3, "worker", "push: gradient"), (0.3, "server", "pull: weights")):
            bottom, upper = (centre + offset, worker_y + heights["worker"]), (centre + offset, server_y)
            a, b = (bottom, upper) if source == "worker" else (upper, bottom)
            ax.add_patch(FancyArrowPatch(a, b, arrowstyle="-|>", mutation_scale=14, lw=1.6, color=_COLORS[source][1]))
            ax.text(
                centre + offset + (-0.1 if offset < 0 else 0.1),
                (bottom[1] + upper[1]) / 2,
                label,
                ha="right" if offset < 0 else "left",
                va="center",
                fontsize=8.5,
            )

    # the scheduler, and every process's registration with it
    ax.text(
        left,
        _MARGIN + legend_h / 2 - 0.05,
        "solid arrows: every training step        dashed arrows: start-up (and the workers' barriers)",
        ha="left",
        va="center",
        fontsize=8.5,
        color="0.3",
    )
    sched_y = _MARGIN + legend_h
    sched_top = sched_y + heights["scheduler"]
    _process_box(ax, FancyBboxPatch, left, sched_y, row_w, heights["scheduler"], scheduler)
    dashed = dict(arrowstyle="<|-|>", mutation_scale=12, lw=1.2, color="0.35", linestyle=(0, (4, 3)))
    for x in worker_x:
        px = x + _WORKER_W / 2
        ax.add_patch(FancyArrowPatch((px, worker_y), (px, sched_top), **dashed))
        ax.text(px + 0.1, (worker_y + sched_top) / 2, "register", ha="left", va="center", fontsize=8.5)
    lane = left + row_w + _RIGHT_LANE / 2
    mid_server = server_y + heights["server"] / 2
    mid_sched = sched_y + heights["scheduler"] / 2
    route = Path(
        [(server_x + server_w, mid_server), (lane, mid_server), (lane, mid_sched), (left + row_w, mid_sched)],
        [Path.MOVETO, Path.LINETO, Path.LINETO, Path.LINETO],
    )
    ax.add_patch(FancyArrowPatch(path=route, **dashed))
    ax.text(
        lane,
        (mid_server + sched_top) / 2,
        "register",
        ha="center",
        va="center",
        rotation=90,
        fontsize=8.5,
        bbox=dict(facecolor="white", edgecolor="none", pad=1.5),
    )
    return fig
