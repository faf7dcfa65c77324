"""The checkout's own environment: `.venv`, installed from `requirements.lock`.

`python3 -m service` (the quick start's `serve`) and `python3 tests/run.py` both call
`ensure_environment` before they import anything outside the standard library: a
system Python such as Debian's refuses `pip install` outside a virtual environment
(PEP 668, "externally managed"), so the project installs into a `.venv` of its own.
The venv is created once and reused while its stamp, the hash of `pyproject.toml`
and of the lock, is current; after a change of either, the next run reinstalls.
`python3 -m service` finds the package only from the checkout's root (elsewhere Python
says `No module named service` before any of this runs), so an install ends with one
line naming the `penang-rummy` command that runs from any folder (`run_anywhere`), but
where the command about to run is `serve`, whose start-up lines say it: once is enough.

Only the standard library is imported here, at any depth.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import venv
from collections.abc import Sequence
from pathlib import Path
from typing import Literal

ROOT = Path(__file__).resolve().parent.parent
VENV_NAME = ".venv"
LOCK_NAME = "requirements.lock"
STAMP_NAME = ".installed"
#: The console script pyproject.toml installs into the environment's scripts folder.
COMMAND = "penang-rummy"
#: The subcommands whose own start-up lines say how to run the command from any folder
#: (`service.cli.serve.start_up_lines`).
SAYS_RUN_ANYWHERE = frozenset({"serve"})


class BootstrapError(Exception):
    """The environment cannot be made; the message is one line saying what to do."""


def bin_dir(venv_dir: Path) -> Path:
    return venv_dir / ("Scripts" if os.name == "nt" else "bin")


def venv_python(venv_dir: Path) -> Path:
    return bin_dir(venv_dir) / ("python.exe" if os.name == "nt" else "python")


def run_anywhere(scripts: Path, path: str) -> str | None:
    """One line saying how to run the `penang-rummy` in `scripts` from any folder.

    `path` is the PATH to look in; None where `scripts` holds no such command (the
    package run from a checkout by a Python it is not installed in).
    """
    script = shutil.which(COMMAND, path=str(scripts))
    if script is None:
        return None
    found = shutil.which(COMMAND, path=path)
    if found is not None and Path(found).resolve() == Path(script).resolve():
        return f"`{COMMAND}` runs from any folder: it is on PATH ({script})"
    activate = f"{scripts / 'activate.bat'}" if os.name == "nt" else f"source {scripts}/activate"
    return f"from any folder run {script} (or `{activate}`, then `{COMMAND}`)"


def install_digest(root: Path) -> str:
    """What the installed environment was made from: pyproject.toml and the lock."""
    digest = hashlib.sha256()
    for name in ("pyproject.toml", LOCK_NAME):
        digest.update(name.encode() + b"\0" + (root / name).read_bytes() + b"\0")
    return digest.hexdigest()


def needs_install(root: Path) -> bool:
    """True when `.venv` is missing or was installed from another pyproject or lock."""
    venv_dir = root / VENV_NAME
    stamp = venv_dir / STAMP_NAME
    if not venv_python(venv_dir).exists() or not stamp.exists():
        return True
    return stamp.read_text(encoding="utf-8").strip() != install_digest(root)


def plan(prefix: str, base_prefix: str, root: Path) -> Literal["bootstrap", "run"]:
    """Whether `python3 -m service` must first make (or check) the checkout's `.venv`.

    "run" where the package is installed rather than checked out (no pyproject.toml
    beside it), or where the caller runs it in a virtual environment of their own:
    theirs to keep. Otherwise, from a system Python or from `.venv` itself, "bootstrap".
    """
    if not (root / "pyproject.toml").is_file():
        return "run"
    in_venv = Path(prefix).resolve() != Path(base_prefix).resolve()
    if in_venv and Path(prefix).resolve() != (root / VENV_NAME).resolve():
        return "run"
    return "bootstrap"


def ensure_environment(root: Path = ROOT, command: Sequence[str] = ()) -> Path:
    """Create and install `.venv` where needed; answers its Python. `command` is what
    runs next (`python3 -m service`'s arguments)."""
    venv_dir = root / VENV_NAME
    python = venv_python(venv_dir)
    if not needs_install(root):
        return python
    if not python.exists():
        if importlib.util.find_spec("ensurepip") is None:
            raise BootstrapError(
                f"{sys.executable} cannot create a virtual environment with pip: install "
                "the python3-venv package (Debian, Ubuntu: apt-get install python3-venv)"
            )
        _say(f"creating {venv_dir} (first run: installing the locked dependencies)")
        venv.EnvBuilder(with_pip=True).create(venv_dir)
    _run(root, python, "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    _run(root, python, "-m", "pip", "install", "--quiet", "--require-hashes", "-r", LOCK_NAME)
    _run(root, python, "-m", "pip", "install", "--quiet", "--no-deps", "-e", ".")
    (venv_dir / STAMP_NAME).write_text(install_digest(root), encoding="utf-8")
    hint = run_anywhere(bin_dir(venv_dir), os.environ.get("PATH", ""))
    if hint is None or set(command[:1]) & SAYS_RUN_ANYWHERE:
        _say(f"installed {venv_dir}")
    else:
        _say(f"installed {venv_dir}: {hint}")
    return python


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def _run(root: Path, *args: str | Path) -> None:
    _say("+ " + " ".join(str(arg) for arg in args))
    try:
        subprocess.run([str(arg) for arg in args], cwd=root, check=True)
    except subprocess.CalledProcessError as failure:
        raise BootstrapError(f"installing {root / VENV_NAME} failed (see above)") from failure
