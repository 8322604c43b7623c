"""How far each ``assert`` of a notebook is from failing: :func:`install` in a kernel, :func:`margin`.

A lesson asserts relations between figures it measured (``assert reused.peak_mb < released.peak_mb``,
``assert typical <= 1.5 * no_sync.wall_s``). Whether such a relation holds every time depends on how
far its two sides lie apart, run after run, on a quiet machine and on a busy one. :func:`install`
registers an AST transformer in a running IPython kernel that rewrites every ``assert`` of the cells
run after it, at any depth, so that it records what it compared before it judges as before:

- a comparison of numbers (``a <= k * b``, chained ones too) records each pair's *margin*, the factor
  by which the relation holds (:func:`margin`: above 1 passes, 1 is the threshold, below 1 fails);
- any other test (``all(...)``, ``==``, ``in``) records only whether it held: an exact relation.

Each record is keyed by the cell's execution count and the line of the ``assert`` in the cell, with the
test's text. :func:`records` returns them as JSON-ready dicts; ``bench/lesson_assertions.py`` runs the
lesson notebooks with the transformer installed, quiet and with one core busy, and reports the margins.
"""

from __future__ import annotations

import ast
import math
import numbers
import operator

__all__ = ["margin", "install", "installed_at", "records", "Rewriter"]

_OPS = {
    ast.Lt: ("<", operator.lt),
    ast.LtE: ("<=", operator.le),
    ast.Gt: (">", operator.gt),
    ast.GtE: (">=", operator.ge),
}
_BY_NAME = {name: fn for name, fn in _OPS.values()}
_RECORDER = "_asynclab_margins"  # the name the rewritten cells call; bound in the user's namespace

_records: list[dict] = []
_installed_at: list[int] = []  # the shell's execution count while the cell that called install() ran


def _number(value) -> float | None:
    """``value`` as a float when it is a real number (NumPy's scalars register as such; booleans do
    not count), else None."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return None
    return float(value)


def margin(left, op: str, right) -> float | None:
    """The factor by which ``left op right`` holds, for positive numbers: ``right / left`` for ``<``
    and ``<=``, ``left / right`` for ``>`` and ``>=`` (above 1 holds with room, 1 is the threshold,
    below 1 fails). None when a side is not a positive finite number or ``op`` orders nothing."""
    a, b = _number(left), _number(right)
    if a is None or b is None or not (math.isfinite(a) and math.isfinite(b)) or a <= 0 or b <= 0:
        return None
    if op in ("<", "<="):
        return b / a
    if op in (">", ">="):
        return a / b
    return None


class _Recorder:
    """What the rewritten asserts call: each records its outcome in :data:`_records` and returns it."""

    def compare(self, key: list, values: list, ops: list[str]) -> bool:
        held = True
        for i, op in enumerate(ops):
            left, right = values[i], values[i + 1]
            ok = bool(_BY_NAME[op](left, right))
            _records.append(
                {
                    "count": key[0],
                    "line": key[1],
                    "test": key[2],
                    "pair": i,
                    "held": ok,
                    "margin": margin(left, op, right),
                }
            )
            held = held and ok
        return held

    def truth(self, key: list, value) -> bool:
        ok = bool(value)
        _records.append({"count": key[0], "line": key[1], "test": key[2], "pair": 0, "held": ok, "margin": None})
        return ok


class Rewriter(ast.NodeTransformer):
    """Rewrites ``assert TEST, MSG`` so that TEST goes through the recorder; ``count`` is the cell's
    execution count, stored in each record's key with the line and the test's text."""

    def __init__(self, count: int) -> None:
        self.count = count

    def visit_Assert(self, node: ast.Assert) -> ast.Assert:
        key = ast.List(
            [ast.Constant(self.count), ast.Constant(node.lineno), ast.Constant(ast.unparse(node.test))], ast.Load()
        )
        test = node.test
        recorder = ast.Name(_RECORDER, ast.Load())
        if isinstance(test, ast.Compare) and all(type(op) in _OPS for op in test.ops):
            values = ast.List([test.left, *test.comparators], ast.Load())
            ops = ast.List([ast.Constant(_OPS[type(op)][0]) for op in test.ops], ast.Load())
            call = ast.Call(ast.Attribute(recorder, "compare", ast.Load()), [key, values, ops], [])
        else:
            call = ast.Call(ast.Attribute(recorder, "truth", ast.Load()), [key, test], [])
        return ast.copy_location(ast.Assert(call, node.msg), node)


class _Transformer(ast.NodeTransformer):
    """IPython's hook: rewrites each cell's asserts with the cell's execution count."""

    def __init__(self, shell) -> None:
        self.shell = shell

    def visit_Module(self, node: ast.Module) -> ast.Module:
        return ast.fix_missing_locations(Rewriter(self.shell.execution_count).visit(node))


def install(shell=None) -> None:
    """Rewrite the asserts of every cell this IPython ``shell`` (the running one by default) runs from now on."""
    if shell is None:
        from IPython import get_ipython

        shell = get_ipython()
    shell.user_ns[_RECORDER] = _Recorder()
    shell.ast_transformers.append(_Transformer(shell))
    _installed_at[:] = [shell.execution_count]


def records() -> list[dict]:
    """Every assert's outcome since :func:`install`, in the order they ran."""
    return list(_records)


def installed_at() -> int | None:
    """The shell's execution count while the cell that called :func:`install` ran (None before).

    A record's ``count`` is the shell's count while its cell ran, which IPython versions number
    differently from the count a notebook stores for the cell: a cell's stored count is its record's
    count minus this one, plus the install cell's stored count.
    """
    return _installed_at[0] if _installed_at else None
