"""make test-browser on a machine without Chromium says how to get it (exit status 2); nothing else is run."""

from __future__ import annotations

import importlib.util
from pathlib import Path

TOOL = Path(__file__).resolve().parents[1] / "tools" / "browser_test.py"


def _tool():
    spec = importlib.util.spec_from_file_location("browser_test", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_without_chromium_it_says_how_to_install_it(monkeypatch, capsys):
    tool = _tool()
    monkeypatch.delenv("CHROMIUM", raising=False)
    monkeypatch.setattr(tool.shutil, "which", lambda name: None)
    assert tool.find_chromium() is None
    assert tool.main() == 2
    err = capsys.readouterr().err
    assert "apt-get install chromium" in err and "CHROMIUM=" in err


def test_chromium_can_be_named(monkeypatch):
    monkeypatch.setenv("CHROMIUM", "/opt/chrome/chrome")
    assert _tool().find_chromium() == "/opt/chrome/chrome"
