"""Modules built from data: deterministic, complete, and loaded by the real VASSAL engine with
no errors; pieces carry their identity and follow their flips."""

from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path

import pytest
from lxml import etree

from vmodgen.engine.model.loader import load_game
from tests.oracle import ENGINES, load_errors, run_oracle
from vmodgen.build import build_game, module_entries
from vmodgen.completeness import completeness

GAMES = Path(__file__).resolve().parent.parent / "data" / "games"


@pytest.fixture(scope="module")
def mini_module(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_game(GAMES / "mini", tmp_path_factory.mktemp("build")).path


def test_two_builds_are_byte_identical(tmp_path: Path) -> None:
    first = build_game(GAMES / "mini", tmp_path / "a").path.read_bytes()
    second = build_game(GAMES / "mini", tmp_path / "b").path.read_bytes()
    assert hashlib.sha256(first).hexdigest() == hashlib.sha256(second).hexdigest()


def test_every_image_the_buildfile_names_is_in_the_archive(mini_module: Path) -> None:
    with zipfile.ZipFile(mini_module) as archive:
        names = set(archive.namelist())
        build_xml = archive.read("buildFile.xml").decode()
    for image in ("map.png", "moved.png", "red-xx-2-back.png", "turn-track.png", "chart-crt.png"):
        assert f"images/{image}" in names
        assert image in build_xml


def test_moduledata_agrees_with_buildfile(mini_module: Path) -> None:
    with zipfile.ZipFile(mini_module) as archive:
        data = etree.fromstring(archive.read("moduledata"))
        root = etree.fromstring(archive.read("buildFile.xml"))
    assert data.findtext("name") == root.get("name")
    assert data.findtext("version") == root.get("version")
    assert data.findtext("VassalVersion") == root.get("VassalVersion")


def test_gpids_do_not_depend_on_row_order(tmp_path: Path) -> None:
    shuffled = tmp_path / "mini"
    import shutil
    shutil.copytree(GAMES / "mini", shuffled)
    units = (shuffled / "units.csv").read_text().splitlines()
    (shuffled / "units.csv").write_text("\n".join([units[0]] + units[1:][::-1]) + "\n")

    def gpids(folder: Path) -> dict[str, str]:
        game = load_game(folder)
        root = etree.fromstring(module_entries(game, completeness(game))["buildFile.xml"])
        return {s.get("entryName"): s.get("gpid") for s in root.iter("VASSAL.build.widget.PieceSlot")}

    assert gpids(GAMES / "mini") == gpids(shuffled)


@pytest.mark.parametrize("engine", ENGINES)
def test_engine_loads_the_module_without_errors(mini_module: Path, engine: str) -> None:
    report, errors = load_errors(mini_module, engine)
    assert errors == []
    assert all(not p["missing_images"] for p in report["pieces"])
    game = load_game(GAMES / "mini")
    set_up = [c for c in game.counters if c.role in ("setup", "pool", "replacement", "reinforcement")]
    assert report["at_start_pieces"] == len(set_up)


@pytest.mark.parametrize("engine", ENGINES)
def test_setup_units_start_on_their_hexes(mini_module: Path, tmp_path: Path, engine: str) -> None:
    script = tmp_path / "empty.json"
    script.write_text(json.dumps({"actions": [{"chat": "start"}]}))
    report = run_oracle("write", mini_module, script, tmp_path / "start.vlog", env={"ORACLE_PROPS": "Unit"},
                        engine=engine)
    where = {p["properties"].get("Unit"): (p["map"], p["location"]) for p in report["final_pieces"]}
    game = load_game(GAMES / "mini")
    for counter in game.counters:
        if counter.role == "setup":
            assert where[counter.id] == (game.map.board, game.map.name(counter.setup))
    assert where["blue-iii-5-7"] == ("Turn Track", "Turn 2")
    assert where["red-xx-2"] == ("Turn Track", "Pool rifle")


@pytest.mark.parametrize("engine", ENGINES)
def test_flips_change_face_and_values_together(mini_module: Path, tmp_path: Path, engine: str) -> None:
    script = tmp_path / "flips.json"
    script.write_text(json.dumps({"actions": [
        {"key": {"piece": "Untried Red rifle", "command": "Reveal"}}, {"step": True},
        {"add": {"slot": "5/7 Pz Rgt", "location": "0101"}}, {"step": True},
        {"key": {"piece": "@2", "command": "Lose step"}}, {"step": True},
        {"key": {"piece": "HQ A", "command": "Eliminate"}},
    ]}))
    report = run_oracle("write", mini_module, script, tmp_path / "flips.vlog",
                        env={"ORACLE_PROPS": "Unit,Attack,Defense,Movement,Step,Face_Level"}, engine=engine)
    assert report["ok"], report.get("fatal")
    by_unit = {}
    for piece in report["final_pieces"]:
        props = piece["properties"]
        if piece["location"] == "0101" or props.get("Unit") != "blue-iii-5-7":
            by_unit.setdefault(props.get("Unit"), piece)
    revealed = by_unit["red-xx-2"]
    assert revealed["name"] == "2 Rifle Div"
    assert [revealed["properties"][k] for k in ("Attack", "Defense", "Movement", "Face_Level")] == ["3", "3", "6", "1"]
    reduced = by_unit["blue-iii-5-7"]
    assert reduced["name"] == "5/7 Pz Rgt (reduced)"
    assert [reduced["properties"][k] for k in ("Attack", "Defense", "Step")] == ["3", "1", "1"]
    hq = by_unit["red-hq-a"]
    assert (hq["map"], hq["location"]) == ("Dead Pile", "Eliminated Red")
