"""Issue 9's acceptance, as a tournament director meets it: vmodgen installed from a wheel into a
fresh virtual environment, run from an empty directory outside the repository, with a module and
a folder of files and nothing else.

The wheel is built from a copy of the package's sources (so that nothing of the checkout leaks
in) and installed without its dependencies, which the environment takes from the test's own
interpreter (lxml, pillow, shapely, click, numpy: a path file), so the test needs no network.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from tests.check.conftest import KIEV_LOGS, OTHER_MODULE_LOG, REPO, SAVES

SOURCES = ("setup.py", "pyproject.toml", "README.md", "engine", "art", "vmodgen")
DEPENDENCIES = ("lxml", "PIL", "shapely", "click", "numpy")

pytestmark = pytest.mark.slow


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ``bin`` folder of a virtual environment where vmodgen is installed from its wheel."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "source"
    for name in SOURCES:
        path = REPO / name
        if path.is_dir():
            shutil.copytree(path, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            source.mkdir(exist_ok=True)
            shutil.copy(path, source / name)
    pip = [sys.executable, "-m", "pip"]
    subprocess.run([*pip, "wheel", "-q", "--no-deps", "-w", str(work / "dist"), str(source)],
                   check=True, capture_output=True, timeout=300)
    wheel = next((work / "dist").glob("vmodgen-*.whl"))
    env = work / "env"
    venv.create(env, with_pip=False)
    python = env / "bin" / "python"
    subprocess.run([*pip, "--python", str(python), "install", "-q", "--no-deps", "--no-index", str(wheel)],
                   check=True, capture_output=True, timeout=300)
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                          check=True, capture_output=True, text=True).stdout.strip()
    folders = {str(Path(__import__(name).__file__).resolve().parents[1]) for name in DEPENDENCIES}
    (Path(site) / "vmodgen-test-dependencies.pth").write_text("".join(f"{f}\n" for f in sorted(folders)))
    return env / "bin"


@pytest.fixture()
def empty_dir(tmp_path: Path) -> Path:
    empty = tmp_path / "empty"
    empty.mkdir()
    return empty


def test_three_games_a_save_and_a_stranger_from_an_empty_directory(installed: Path, kiev_module: Path,
                                                                   tmp_path: Path, empty_dir: Path) -> None:
    folder = tmp_path / "tournament"
    folder.mkdir()
    for path in (KIEV_LOGS / "legal-game.vlog", KIEV_LOGS / "illegal-turn1.vlog", KIEV_LOGS / "rail-move.vlog",
                 SAVES / "legal-game-end.vsav", OTHER_MODULE_LOG):
        shutil.copy(path, folder / path.name)
    module = shutil.copy(kiev_module, tmp_path / "kiev.vmod")
    done = subprocess.run([str(installed / "vmodgen"), "check", str(folder), "--module", str(module), "--json"],
                          cwd=empty_dir, capture_output=True, text=True, timeout=300)
    assert done.stderr == ""
    document = json.loads(done.stdout)
    games = [([Path(f).name for f in g["files"]], g["status"], len(g["findings"])) for g in document["games"]]
    assert games == [(["illegal-turn1.vlog"], 1, 14),
                     (["legal-game.vlog", "legal-game-end.vsav"], 0, 0),
                     (["rail-move.vlog"], 0, 0)]
    assert [(Path(u["file"]).name, u["reason"]) for u in document["unplaced"]] == [
        ("basic.vlog", "played with the module 'Oracle Test', not with 'Kiev: The Battle of Encirclement, 1941'")]
    assert done.returncode == 1                  # the worst game: rule violations
    assert list(empty_dir.iterdir()) == []


def test_the_installed_api_checks_with_the_module_alone(installed: Path, kiev_module: Path, empty_dir: Path) -> None:
    script = ("import vmodgen; r = vmodgen.check(%r, %r); print(vmodgen.__file__); "
              "print([(f.unit, f.rule) for f in r.findings])" % (str(KIEV_LOGS / "german-rail.vlog"), str(kiev_module)))
    done = subprocess.run([str(installed / "python"), "-c", script], cwd=empty_dir, capture_output=True, text=True,
                          timeout=300)
    where, findings = done.stdout.splitlines()
    assert Path(where).is_relative_to(installed.parent)      # the wheel's copy, not the checkout
    assert findings == "[('ger-xx-125', 'AGS 5.11')]"
