"""Hashes that prove files did not change: the engine source and the submissions.

The grader hashes the ``asynclab`` package before grading and checks it
before every check cell and after every submission: a student cell could
write to it, and the next check would import the changed code. Compiled
bytecode (``__pycache__``) is left out: while grading, asynclab is always
compiled from this source (see :mod:`asynclab.grading._kernel_guard`).
"""

from __future__ import annotations

import hashlib
from pathlib import Path


class IntegrityError(RuntimeError):
    """The engine source changed during grading: every later score would be suspect."""


def file_digests(root: Path, skip_dirs: tuple[str, ...] = ("__pycache__",)) -> dict[str, str]:
    """SHA-256 of every regular file under ``root`` by relative path."""
    digests: dict[str, str] = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if any(part in skip_dirs for part in rel.parts) or path.is_symlink() or not path.is_file():
            continue
        digests[rel.as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    return digests


def tree_digest(root: Path, skip_dirs: tuple[str, ...] = ()) -> str:
    """One SHA-256 for a whole folder: paths and contents."""
    h = hashlib.sha256()
    for rel, digest in file_digests(root, skip_dirs).items():
        h.update(rel.encode() + b"\0" + digest.encode() + b"\n")
    return h.hexdigest()


class PackageIntegrity:
    """The asynclab package as it was when grading began."""

    def __init__(self, package_dir: Path) -> None:
        self.package_dir = package_dir
        self.digests = file_digests(package_dir)
        if "__init__.py" not in self.digests:
            raise IntegrityError(f"{package_dir} is not the asynclab package (no __init__.py).")

    @property
    def root(self) -> Path:
        """The folder that holds the package (what goes on the import path)."""
        return self.package_dir.parent

    def changes(self) -> list[str]:
        now = file_digests(self.package_dir)
        changed = sorted(k for k in set(now) | set(self.digests) if now.get(k) != self.digests.get(k))
        return changed

    def verify(self, when: str) -> None:
        """Raise :class:`IntegrityError` naming the changed files, if any."""
        changed = self.changes()
        if changed:
            shown = ", ".join(changed[:5]) + (" ..." if len(changed) > 5 else "")
            raise IntegrityError(
                f"the asynclab package source changed {when}: {shown} "
                f"(in {self.package_dir}). Grading stopped; restore the package "
                "(git checkout) and grade again."
            )
