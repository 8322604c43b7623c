"""The prose checker lists a lesson's precise figures that none of its outputs shows (asynclab.tooling.prose)."""

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from asynclab.__main__ import main
from asynclab.tooling import prose


def _notebook(printed: str, text: str, markdown: str | None = None) -> nbformat.NotebookNode:
    code = new_code_cell("print(...)", outputs=[new_output("stream", name="stdout", text=printed)])
    cells = [code, new_markdown_cell(text)]
    if markdown is not None:
        code2 = new_code_cell("show(...)", outputs=[new_output("display_data", data={"text/markdown": markdown})])
        cells.insert(1, code2)
    return new_notebook(cells=cells)


def test_a_figure_no_output_shows_is_listed_with_its_cell():
    nb = _notebook("issued in 0.83 ms; ran for 10.48 ms\n", "The step was issued in 1.07 ms and ran for 10.48 ms.")
    missing = prose.unquoted(nb)
    assert [(f.text, f.unit, f.cell) for f in missing] == [("1.07", "ms", 1)]
    assert "1 figure(s)" in prose.report(nb, "x.ipynb") and "cell 1: 1.07 ms" in prose.report(nb, "x.ipynb")


def test_figures_match_at_the_prose_precision_and_across_units():
    printed = "wait for the result: 0.1569 sec\nissued after 0.59 ms, 25.9 µs in all\n"
    text = "Waiting took 156.9 ms (0.157 s); issuing 590.0 µs, and the chain 0.0259 ms."
    assert prose.unquoted(_notebook(printed, text)) == []


def test_a_table_without_units_in_its_cells_shows_its_figures():
    table = "| framework | enqueue ms |\n|---|---|\n| MXNet | 0.23 [0.22-0.25] |\n| NumPy | 9.78 |\n"
    nb = _notebook("", "NumPy's call took the whole product (9.78 ms), MXNet's 0.23 ms.", markdown=table)
    assert prose.unquoted(nb) == []


def test_round_figures_and_plain_numbers_are_not_checked():
    text = "Each worker computes for 10 ms, against a budget of 128 MB and about 0.8 s; 3.14159 is pi."
    assert prose.unquoted(_notebook("nothing here\n", text)) == []
    assert "every precise figure" in prose.report(_notebook("", text), "x.ipynb")


def test_the_command_reports_stored_notebooks_and_refuses_a_missing_one_in_a_sentence(tmp_path, capsys):
    path = tmp_path / "lesson.ipynb"
    nbformat.write(_notebook("ran for 10.48 ms\n", "It ran for 10.14 ms."), path)
    assert main(["prose", str(path)]) == 0
    assert "cell 1: 10.14 ms" in capsys.readouterr().out
    assert main(["prose", str(tmp_path / "gone.ipynb")]) == 2
    assert capsys.readouterr().err.strip().endswith("does not exist.")
