"""`service.bootstrap`: when `python3 -m service` makes `.venv`, and when it reinstalls.

The quick start runs from a system Python that refuses `pip install` (PEP 668), so the
bootstrap runs before anything but the standard library can be imported; the real
command is run once by tests/api/test_api_serve.py.
"""

from __future__ import annotations

import ast
import os
import runpy
import sys
from pathlib import Path

import pytest

from service import bootstrap
from service.bootstrap import BootstrapError, install_digest, needs_install, plan, run_anywhere

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """A checkout whose `.venv` was installed from its current pyproject and lock."""
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    (tmp_path / "requirements.lock").write_text("a==1 --hash=sha256:00\n")
    python = bootstrap.venv_python(tmp_path / ".venv")
    python.parent.mkdir(parents=True)
    python.write_text("")
    (tmp_path / ".venv" / ".installed").write_text(install_digest(tmp_path))
    return tmp_path


def test_a_system_python_bootstraps(checkout: Path) -> None:
    assert plan("/usr", "/usr", checkout) == "bootstrap"


def test_the_checkouts_own_venv_checks_its_stamp(checkout: Path) -> None:
    assert plan(str(checkout / ".venv"), "/usr", checkout) == "bootstrap"


def test_a_virtual_environment_of_ones_own_runs_directly(checkout: Path, tmp_path: Path) -> None:
    assert plan(str(tmp_path / "elsewhere"), "/usr", checkout) == "run"


def test_an_installed_package_runs_directly(tmp_path: Path) -> None:
    assert plan("/usr", "/usr", tmp_path) == "run"  # no pyproject.toml beside it


def test_a_current_venv_is_reused(checkout: Path) -> None:
    assert not needs_install(checkout)


@pytest.mark.parametrize("changed", ["pyproject.toml", "requirements.lock"])
def test_a_changed_pyproject_or_lock_reinstalls(checkout: Path, changed: str) -> None:
    with (checkout / changed).open("a") as file:
        file.write("# changed\n")
    assert needs_install(checkout)


def test_a_missing_venv_or_stamp_installs(checkout: Path) -> None:
    (checkout / ".venv" / ".installed").unlink()
    assert needs_install(checkout)
    bootstrap.venv_python(checkout / ".venv").unlink()
    assert needs_install(checkout)


def test_a_python_without_venv_support_is_told_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "requirements.lock").write_text("")
    monkeypatch.setattr(bootstrap.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(BootstrapError, match="install the python3-venv package"):
        bootstrap.ensure_environment(tmp_path)
    assert not (tmp_path / ".venv").exists()


@pytest.mark.parametrize("module", ["bootstrap.py", "__main__.py", "__init__.py"])
def test_the_bootstrap_imports_only_the_standard_library(module: str) -> None:
    """Before `.venv` exists nothing else can be imported (in `__main__`, at module level)."""
    tree = ast.parse((ROOT / "service" / module).read_text(encoding="utf-8"))
    nodes = tree.body if module == "__main__.py" else list(ast.walk(tree))
    imported = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module)
    foreign = {
        name
        for name in imported
        if name.split(".")[0] not in sys.stdlib_module_names and name != "service.bootstrap"
    }
    assert not foreign, f"service/{module} imports {sorted(foreign)}"


def _script(folder: Path) -> Path:
    """An executable `penang-rummy` in `folder`, as pip installs the console script."""
    folder.mkdir(parents=True, exist_ok=True)
    script = folder / bootstrap.COMMAND
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    return script


@pytest.mark.skipif(sys.platform == "win32", reason="the POSIX scripts folder and activate")
def test_the_command_off_path_is_named_by_its_absolute_path(tmp_path: Path) -> None:
    scripts = tmp_path / ".venv" / "bin"
    script = _script(scripts)
    assert run_anywhere(scripts, str(tmp_path)) == (
        f"from any folder run {script} (or `source {scripts}/activate`, then `penang-rummy`)"
    )


def test_the_command_on_path_is_said_to_be_there(tmp_path: Path) -> None:
    scripts = tmp_path / ".venv" / "bin"
    script = _script(scripts)
    assert run_anywhere(scripts, str(scripts)) == (
        f"`penang-rummy` runs from any folder: it is on PATH ({script})"
    )


def test_another_install_first_on_path_is_not_taken_for_this_one(tmp_path: Path) -> None:
    scripts = tmp_path / ".venv" / "bin"
    script = _script(scripts)
    other = _script(tmp_path / "elsewhere")
    hint = run_anywhere(scripts, f"{other.parent}{os.pathsep}{scripts}")
    assert hint is not None and hint.startswith(f"from any folder run {script} ")


def test_no_command_installed_gives_no_hint(tmp_path: Path) -> None:
    assert run_anywhere(tmp_path, str(tmp_path)) is None


def _install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]) -> Path:
    """`ensure_environment` before `command`, pip left out; answers the scripts folder."""
    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "requirements.lock").write_text("")
    scripts = bootstrap.bin_dir(tmp_path / ".venv")

    class Builder:
        def __init__(self, with_pip: bool) -> None:
            pass

        def create(self, venv_dir: Path) -> None:
            bootstrap.venv_python(venv_dir).parent.mkdir(parents=True)
            bootstrap.venv_python(venv_dir).write_text("")
            _script(scripts)

    monkeypatch.setattr(bootstrap.venv, "EnvBuilder", Builder)
    monkeypatch.setattr(bootstrap, "_run", lambda root, *args: None)
    monkeypatch.setenv("PATH", str(tmp_path / "nowhere"))
    bootstrap.ensure_environment(tmp_path, command)
    return scripts


@pytest.mark.parametrize("command", [["--version"], ["simulate", "--games", "3"], []])
def test_an_install_ends_by_naming_the_command_that_runs_from_any_folder(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    command: list[str],
) -> None:
    """The first `python3 -m service` installs; the next one, from another folder, would
    say `No module named service` before any code of the project runs."""
    scripts = _install(tmp_path, monkeypatch, command)
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert last == f"installed {tmp_path / '.venv'}: {run_anywhere(scripts, '')}"
    assert str(scripts / "penang-rummy") in last


def test_an_install_before_serve_leaves_the_command_to_its_start_up_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`serve` names the command that runs from any folder itself (test_api_serve.py):
    said by the install as well, the first run printed it twice."""
    _install(tmp_path, monkeypatch, ["serve", "--port", "8001"])
    said = capsys.readouterr().err.strip().splitlines()
    assert said[-1] == f"installed {tmp_path / '.venv'}"
    assert not any("any folder" in line for line in said), said


def test_python3_m_service_tells_the_install_what_runs_next(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    told = []

    def ensure(root: Path, command: list[str]) -> Path:
        told.append(list(command))
        raise BootstrapError("stopped here")

    monkeypatch.setattr(bootstrap, "ensure_environment", ensure)
    monkeypatch.setattr(bootstrap, "plan", lambda prefix, base, root: "bootstrap")
    monkeypatch.setattr(sys, "argv", ["service", "serve", "--port", "8001"])
    with pytest.raises(SystemExit) as stopped:
        runpy.run_module("service", run_name="__main__")
    assert stopped.value.code == 2 and "stopped here" in capsys.readouterr().err
    assert told == [["serve", "--port", "8001"]]
