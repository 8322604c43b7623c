"""Flag student code that looks like an attempt to fool the grader.

The flags change no score: they tell the instructor which notebooks to read.
Each flag names what the code seems to do and the cell it is in.
"""

from __future__ import annotations

import re

PATTERNS: tuple[tuple[str, str], ...] = (
    (r"_GRADER_TOKEN", "reads the grader's token"),
    (r"vnd\.asynclab|\bMIME_TYPE\b|_publish\b", "publishes check results by hand"),
    (
        r"\b(?:asynclab\.checks(?:\.\w+)*|core|lab\d+|checks)\.\w+\s*=[^=]"
        r"|setattr\(\s*(?:asynclab|core|lab\d+|checks)\b",
        "replaces part of asynclab.checks",
    ),
    (
        r"\b(?:perf_counter(?:_ns)?|monotonic(?:_ns)?|time\.time(?:_ns)?)\s*=[^=]|setattr\(\s*time\b",
        "replaces a clock function",
    ),
    (r"\bsys\.modules\b", "changes sys.modules"),
    (r"events\.register|\b(?:pre|post)_(?:run_cell|execute)\b", "registers IPython callbacks"),
    (r"input_transformers|ast_transformers|input_transformer_manager", "rewrites cell code"),
    (r"display_pub|publish_display_data|register_hook", "intercepts displayed results"),
    (r"\bsettrace\b|\bsetprofile\b", "traces execution"),
    (r"\bmeta_path\b|\bpath_hooks\b|__import__|\bbuiltins\b", "changes the import system or builtins"),
    (
        r"\bgc\.get_(?:objects|referrers|referents)\b|_getframe|\bf_back\b|\bf_locals\b",
        "inspects the grader's frames or objects",
    ),
    (r"\bos\._exit\b|\bctypes\b|\bsignal\.signal\b|\bos\.kill\b", "can kill or detach the kernel"),
    (r"\bexec\s*\(|\beval\s*\(|\bbase64\b|\bmarshal\b|\bcodecs\.decode\b", "runs hidden code"),
    (r"__file__|site-packages|\basynclab[/\\]", "touches the engine's files"),
)
_COMPILED = tuple((re.compile(p), why) for p, why in PATTERNS)


def scan_cells(cells: list[tuple[int, str]]) -> list[str]:
    """Flags for ``(cell number, source)`` pairs of student code, one per kind and cell."""
    flags: list[str] = []
    for number, source in cells:
        for pattern, why in _COMPILED:
            if pattern.search(source):
                flags.append(f"{why} (cell {number})")
    return flags
