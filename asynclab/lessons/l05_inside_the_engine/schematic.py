"""Lesson 05's picture of the engine's per-variable queues, worked out by the lesson's own engine.

:func:`layout_queues` takes operations as ``(name, reads, writes)`` (variable names), pushes them, in
order, into an :class:`~asynclab.lessons.l05_inside_the_engine.engine_reference.Engine` that has no
worker threads, and reads back what its dependency rule did: for every variable, its queue of the
operations that use it (oldest first, each a read or a write, granted or still waiting), and which
operations hold every grant they need, so that a worker may start them now. It can then let ready
operations finish (the engine's own ``_on_complete``) and read the queues again. The queues are the
engine's, not a copy of its rule, so the picture cannot disagree with what the engine does.

:func:`draw_queues` draws one panel per moment: after the pushes, then after each group of
operations the caller lets finish. Lesson layer: uses the lesson's engine and matplotlib.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from matplotlib.figure import Figure

from asynclab.checks.core import in_words
from asynclab.foundation.engine import Op, Var
from asynclab.lessons.l05_inside_the_engine.engine_reference import Engine

__all__ = ["Entry", "Queues", "STATEMENTS", "layout_queues", "draw_queues"]

#: The four statements of the lesson's section 2: (name, variables read, variables written).
STATEMENTS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("P = Q + 1", ("Q",), ("P",)),
    ("R = Q * 3", ("Q",), ("R",)),
    ("Q = P + R", ("P", "R"), ("Q",)),
    ("S = Q - P", ("Q", "P"), ("S",)),
)


@dataclass(frozen=True)
class Entry:
    """One operation's place in one variable's queue: a read or a write, granted or still waiting."""

    op: str
    write: bool
    granted: bool


@dataclass(frozen=True)
class Queues:
    """The engine's state at one moment.

    ``queues``: per variable (in the order of ``variables``), the entries of the operations not finished
    yet, oldest first; the granted ones always come first, since nothing overtakes the head of a queue.
    ``ready``: the operations that hold every grant they need (a worker may start them), in push order.
    ``waiting``: per operation not ready, the variables whose grant it still misses.
    ``finished``: the operations let finish so far, in that order.
    """

    variables: tuple[str, ...]
    ops: tuple[str, ...]
    queues: dict[str, tuple[Entry, ...]]
    ready: tuple[str, ...]
    waiting: dict[str, tuple[str, ...]]
    finished: tuple[str, ...]


def _never() -> None:  # the operations are only queued, never run
    raise AssertionError("a schematic's operation never runs")


def _names(value: object, what: str) -> tuple[str, ...]:
    """``value`` as a tuple of variable names; ``what`` says whose they are in the error's sentence."""
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise ValueError(f"{what} must be a list of variable names, not {value!r}.")
    names = tuple(value)
    if not all(isinstance(n, str) and n.strip() for n in names):
        raise ValueError(f"{what} must be variable names (non-empty strings), got {value!r}.")
    if len(set(names)) != len(names):
        raise ValueError(f"a variable appears twice in {what}; list each once.")
    return names


def _checked(
    ops: Sequence[tuple[str, Sequence[str], Sequence[str]]],
) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    if isinstance(ops, str) or not isinstance(ops, Sequence) or not ops:
        raise ValueError("ops must be a non-empty list of (name, reads, writes), one per operation.")
    out, seen = [], set()
    for item in ops:
        if isinstance(item, str) or not isinstance(item, Sequence) or len(item) != 3:
            raise ValueError(f"each operation must be (name, reads, writes), got {item!r}.")
        name, reads, writes = item
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"an operation's name must be a non-empty string, got {name!r}.")
        if name in seen:
            raise ValueError(f"two operations are named {name!r}; give each its own name.")
        seen.add(name)
        reads, writes = _names(reads, f"the reads of {name!r}"), _names(writes, f"the writes of {name!r}")
        both = sorted(set(reads) & set(writes))
        if both:
            raise ValueError(
                f"{', '.join(both)} is both read and written by {name!r}; list it in writes only, "
                "since writing a variable implies reading it (the engine refuses it too)."
            )
        out.append((name, reads, writes))
    return out


def layout_queues(
    ops: Sequence[tuple[str, Sequence[str], Sequence[str]]],
    finish: Sequence[str] = (),
    *,
    variables: Sequence[str] | None = None,
) -> Queues:
    """Push ``ops`` (``(name, reads, writes)``, in push order) into the lesson's engine, let the operations
    ``finish`` names end one by one (each must be ready when its turn comes), and return the queues.

    ``variables`` orders the rows (default: the order in which the operations first use them) and must
    name every variable the operations use, once. Bad input raises ValueError with one sentence.
    """
    checked = _checked(ops)
    used = list(dict.fromkeys(v for _, reads, writes in checked for v in (*reads, *writes)))
    if variables is None:
        order = tuple(used)
    else:
        order = _names(variables, "variables")
        if set(order) != set(used):
            missing, extra = sorted(set(used) - set(order)), sorted(set(order) - set(used))
            raise ValueError(
                "variables must list exactly the variables the operations use"
                + (f"; it misses {', '.join(missing)}" if missing else "")
                + (f"; no operation uses {', '.join(extra)}" if extra else "")
                + "."
            )
    if isinstance(finish, str) or not isinstance(finish, Sequence):
        raise ValueError(f"finish must be a list of operation names, not {finish!r}.")

    engine = Engine(naive=True)  # no worker threads: nothing is taken off the ready queue, nothing runs
    try:
        var: dict[str, Var] = {name: engine.new_var(name) for name in order}
        pushed: dict[str, Op] = {}
        for name, reads, writes in checked:
            op = Op(_never, name, tuple(var[v] for v in reads), tuple(var[v] for v in writes), 0.0)
            with engine._lock:  # what Engine.push does, without a worker to hand the operation to
                op.pending = len(op.reads) + len(op.mutates) + 1
                engine._on_push(op)
                engine._grant(op)
            pushed[name] = op
        finished: list[str] = []
        for name in finish:
            op = pushed.get(name) if isinstance(name, str) else None
            if op is None:
                raise ValueError(f"finish names {name!r}, which is not one of the operations.")
            if name in finished:
                raise ValueError(f"{name!r} appears twice in finish; an operation finishes once.")
            if op.pending != 0:
                missing = ", ".join(_missing(op))
                raise ValueError(f"{name!r} cannot finish yet: it is still waiting for {missing}.")
            with engine._lock:
                engine._on_complete(op)
            finished.append(name)
    finally:
        engine.shutdown()

    alive = [op for op in pushed.values() if op.name not in finished]
    queues = {}
    for name in order:
        v = var[name]
        waiting = {id(op) for op, _ in v.queue}
        queues[name] = tuple(
            Entry(op.name, v in op.mutates, id(op) not in waiting) for op in alive if v in op.reads + op.mutates
        )
    return Queues(
        variables=order,
        ops=tuple(pushed),
        queues=queues,
        ready=tuple(op.name for op in alive if op.pending == 0),
        waiting={op.name: _missing(op) for op in alive if op.pending != 0},
        finished=tuple(finished),
    )


def _missing(op: Op) -> tuple[str, ...]:
    """The variables whose grant ``op`` still waits for: those where its entry is still queued."""
    return tuple(v.name for v in op.reads + op.mutates if any(o is op for o, _ in v.queue))


# ----------------------------------------------------------------------------------------- the drawing

_ROW_IN = 0.52  # height of one variable's row, inches
_BOX_W, _BOX_H, _GAP = 1.3, 0.4, 0.14  # one queue entry's box and the space between two
_NAME_W = 0.55  # the column of variable names
_STATUS_W = 3.3  # the column that says what each operation waits for
_TITLE_IN = 0.42  # a panel's title
_PANEL_GAP = 0.3
_MARGIN = 0.15
_FILL = {False: "#d6e4f5", True: "#fbdcc0"}  # read, write
_EDGE = {False: "#3a6ea5", True: "#c0642a"}


def _panel_title(step: int, groups: Sequence[Sequence[str]], pushed: int) -> str:
    if step == 0:
        return f"after the {in_words(pushed)} pushes, before anything has run" if pushed > 1 else "after the push"
    group = list(groups[step - 1])
    if not group:
        return "nothing more finishes"
    names = group[0] if len(group) == 1 else ", ".join(group[:-1]) + " and " + group[-1]
    return f"then {names} finish" + ("es" if len(group) == 1 else "")


def _box(patch: type, x: float, y: float, w: float, h: float, write: bool, granted: bool):
    """A queue entry's box: filled with a solid edge when granted, white with a dashed edge when waiting."""
    return patch(
        (x, y),
        w,
        h,
        boxstyle="round,pad=0,rounding_size=0.06",
        facecolor=_FILL[write] if granted else "white",
        edgecolor=_EDGE[write],
        linewidth=1.6 if granted else 1.1,
        linestyle="-" if granted else (0, (3, 2)),
    )


def draw_queues(
    ops: Sequence[tuple[str, Sequence[str], Sequence[str]]],
    then_finish: Sequence[Sequence[str]] = (),
    *,
    variables: Sequence[str] | None = None,
) -> Figure:
    """Draw the engine's queues after pushing ``ops``, and again after each group of ``then_finish``.

    One panel per moment. In a panel, each variable has a row: its queue, oldest entry on the left,
    one box per operation that reads it (blue) or writes it (orange); a filled box with a solid edge
    is granted, a white box with a dashed edge still waits. Beside the rows, every operation with
    its state: ready (it holds every grant: a worker may start it), waiting for which variables, or
    finished. Every panel is :func:`layout_queues` of the same operations.
    """
    import matplotlib.pyplot as plt
    from matplotlib.patches import FancyBboxPatch

    if isinstance(then_finish, str) or not isinstance(then_finish, Sequence):
        raise ValueError(
            "then_finish must be a list of groups of operation names, one group per panel after the first."
        )
    done: list[str] = []
    states = [layout_queues(ops, variables=variables)]
    for group in then_finish:
        if isinstance(group, str) or not isinstance(group, Sequence):
            raise ValueError(f"each group of then_finish must be a list of operation names, not {group!r}.")
        done += list(group)
        states.append(layout_queues(ops, done, variables=variables))

    rows = len(states[0].variables)
    longest = max([1, *(len(q) for s in states for q in s.queues.values())])
    queue_w = longest * (_BOX_W + _GAP)
    status_lines = len(states[0].ops)
    panel_rows_in = max(rows * _ROW_IN, status_lines * 0.3 + 0.1)
    panel_h = _TITLE_IN + panel_rows_in
    width = 2 * _MARGIN + _NAME_W + queue_w + 0.25 + _STATUS_W
    height = 2 * _MARGIN + len(states) * panel_h + (len(states) - 1) * _PANEL_GAP + 0.5
    fig = plt.figure(figsize=(width, height))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, width)
    ax.set_ylim(0, height)
    ax.set_axis_off()

    top = height - _MARGIN
    ax.text(
        _MARGIN, top - 0.1, "each row: one variable's queue, oldest on the left", ha="left", va="center", fontsize=8.5
    )
    x = _MARGIN + 3.6
    for write, granted in ((False, True), (True, True), (False, False), (True, False)):
        ax.add_patch(_box(FancyBboxPatch, x, top - 0.2, 0.34, 0.2, write, granted))
        label = f"{'write' if write else 'read'}, {'granted' if granted else 'waiting'}"
        ax.text(x + 0.42, top - 0.1, label, ha="left", va="center", fontsize=8.5)
        x += 1.45
    top -= 0.5
    status_x = _MARGIN + _NAME_W + queue_w + 0.25
    for step, state in enumerate(states):
        ax.text(
            _MARGIN,
            top,
            _panel_title(step, then_finish, len(state.ops)),
            ha="left",
            va="top",
            fontsize=10.5,
            fontweight="bold",
        )
        rows_top = top - _TITLE_IN
        for r, name in enumerate(state.variables):
            y = rows_top - (r + 0.5) * _ROW_IN
            ax.text(_MARGIN + 0.05, y, name, ha="left", va="center", fontsize=11, fontweight="bold")
            if not state.queues[name]:
                ax.text(_MARGIN + _NAME_W, y, "(empty)", ha="left", va="center", fontsize=8.5, color="0.5")
            for k, entry in enumerate(state.queues[name]):
                x = _MARGIN + _NAME_W + k * (_BOX_W + _GAP)
                ax.add_patch(_box(FancyBboxPatch, x, y - _BOX_H / 2, _BOX_W, _BOX_H, entry.write, entry.granted))
                kind = "write" if entry.write else "read"
                ax.text(
                    x + _BOX_W / 2,
                    y,
                    f"{entry.op}\n{kind}, {'granted' if entry.granted else 'waiting'}",
                    ha="center",
                    va="center",
                    fontsize=7.5,
                    linespacing=1.15,
                )
        for i, op in enumerate(state.ops):
            if op in state.finished:
                says, color = "finished", "0.5"
            elif op in state.ready:
                says, color = "ready: a worker may start it", "#2a7a2a"
            else:
                says, color = "waits for " + ", ".join(state.waiting[op]), "#a03030"
            ax.text(
                status_x,
                rows_top - 0.2 - i * 0.3,
                f"{op}:  {says}",
                ha="left",
                va="center",
                fontsize=8.5,
                color=color,
                fontweight="bold" if op in state.ready else "normal",
            )
        top = rows_top - panel_rows_in - _PANEL_GAP
    return fig
