"""A check cell's NameError reads as one FAIL line in IPython; other cells keep their traceback."""

from __future__ import annotations

import sys

from asynclab.checks import cell_errors

CHECK = "# Check (locked): predictions.\nfrom asynclab.checks import lab01\nlab01.check_predict_blocking(PREDICTED)"


class _Shell:
    """What the handler uses of an IPython shell."""

    def __init__(self, source: str) -> None:
        self.user_ns = {"In": ["", source]}
        self.shown: list = []
        self.tracebacks: list = []

    def _showtraceback(self, etype, value, stb) -> None:
        self.shown.append(stb)

    def showtraceback(self, exc_tuple, tb_offset=None) -> None:
        self.tracebacks.append(exc_tuple[0])


def _raise(name: str):
    try:
        exec(f"{name}")
    except NameError:
        return sys.exc_info()


def test_check_cells_are_recognised_by_their_locked_call():
    assert cell_errors.check_name(CHECK) == "predict-blocking"
    assert cell_errors.check_name("lab01.check_predict_blocking(PREDICTED)") is None  # not locked
    assert cell_errors.check_name("# Check (locked): but no call") is None


def test_a_check_cell_shows_one_fail_line_naming_what_is_missing():
    shell = _Shell(CHECK)
    cell_errors._handler(shell, *_raise("PREDICTED"))
    assert shell.shown == [
        [
            "FAIL [predict-blocking] PREDICTED is not defined yet: run the exercise cell above "
            "this check first, and make it define PREDICTED"
        ]
    ]
    assert shell.tracebacks == []


def test_any_other_cell_keeps_its_traceback():
    shell = _Shell("print(undefined_name)")
    cell_errors._handler(shell, *_raise("undefined_name"))
    assert shell.shown == [] and shell.tracebacks == [NameError]


def test_outside_ipython_nothing_is_installed(monkeypatch):
    monkeypatch.delitem(sys.modules, "IPython", raising=False)
    assert cell_errors.install() is False
