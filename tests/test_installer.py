"""The installer: pip's configuration handed to uv, and one sentence when nothing can install."""

import sys

from asynclab.tooling import installer

LISTING = """\
global.cert='/etc/ssl/certs/ca-certificates.crt'
global.extra-index-url='file:///opt/a/simple file:///opt/b/simple'
global.find-links='/opt/wheels'
global.index-url='https://example.org/simple'
install.index-url='https://mirror.example.org/simple'
:env:.find-links='/srv/wheels'
:env:.disable-pip-version-check='1'
not a setting
"""


def test_pip_settings_take_the_environment_over_install_over_global():
    settings = installer.parse_pip_config(LISTING)
    assert settings["find-links"] == "/srv/wheels"
    assert settings["index-url"] == "https://mirror.example.org/simple"
    assert settings["extra-index-url"] == "file:///opt/a/simple file:///opt/b/simple"


def test_uv_is_given_what_pip_would_use():
    args = installer.uv_arguments(installer.parse_pip_config(LISTING))
    assert args == [
        "--extra-index-url",
        "file:///opt/a/simple",
        "--extra-index-url",
        "file:///opt/b/simple",
        "--find-links",
        "/srv/wheels",
        "--index-url",
        "https://mirror.example.org/simple",
        "--index-strategy",
        "unsafe-best-match",
    ]
    assert installer.uv_arguments({"no-index": "true", "constraint": "/etc/c.txt"}) == [
        "--no-index",
        "--constraint",
        "/etc/c.txt",
        "--index-strategy",
        "unsafe-best-match",
    ]
    assert installer.uv_environment({"cert": "/etc/ssl/certs/ca-certificates.crt"})["SSL_CERT_FILE"].endswith(".crt")


def test_a_setting_uv_cannot_be_given_leaves_the_install_to_pip():
    assert installer.uv_arguments({"trusted-host": "example.org"}) is None
    assert installer.uv_arguments({"require-hashes": "1"}) is None


def test_the_pin_of_uv_lives_in_pyproject():
    assert installer.installer_requirement().startswith("uv==")


def test_nothing_to_install_from_is_one_sentence(monkeypatch, capsys):
    """With no index at all (PIP_NO_INDEX), uv and then pip fail: exit status 1 and one sentence."""
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("PIP_FIND_LINKS", "")
    monkeypatch.setenv("PIP_CONFIG_FILE", "/dev/null")
    assert installer.main(["--python", sys.executable, "asynclab-no-such-package==0"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("pip could not install asynclab-no-such-package==0: "), err
    assert len(err) == 2 and err[0].startswith("installing asynclab-no-such-package==0 with pip: "), err


def test_warm_writes_the_pyc_files_of_what_it_imports_and_names_what_it_could_not(tmp_path, monkeypatch):
    (tmp_path / "warmprobe").mkdir()
    (tmp_path / "warmprobe" / "__init__.py").write_text("VALUE = 1\n")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")  # lifted for these imports
    failed = installer.warm(sys.executable, [("warmprobe",), ("asynclab_no_such_module",)])
    assert failed == ["asynclab_no_such_module"]
    assert list((tmp_path / "warmprobe" / "__pycache__").glob("__init__.*.pyc"))


def test_the_uv_beside_the_course_is_the_pinned_one():
    """make setup puts the pinned uv beside the course's Python (and would replace another version)."""
    assert installer.ensure_uv() == installer._uv_path()
    assert installer._uv_version(installer._uv_path()) == installer.installer_requirement().split("==")[1]


def test_writing_bytecode_lifts_only_the_variable_that_forbids_it():
    env = {"PATH": "/bin", "PYTHONDONTWRITEBYTECODE": "1"}
    assert installer.writing_bytecode(env) == {"PATH": "/bin"}
