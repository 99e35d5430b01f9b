"""The game-data loader: what it reads, and how it reports broken data."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.errors import GameDataError
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.model.values import NOT_APPLICABLE

MINI = Path(__file__).resolve().parent.parent / "data" / "games" / "mini"


@pytest.fixture()
def mini(tmp_path: Path) -> Path:
    folder = tmp_path / "mini"
    shutil.copytree(MINI, folder)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def errors_of(folder: Path) -> list[str]:
    with pytest.raises(GameDataError) as caught:
        load_game(folder)
    return [str(e) for e in caught.value.errors]


def test_loads_counters_with_faces_and_setup() -> None:
    game = load_game(MINI)
    hq = game.counter("red-hq-a")
    assert hq.setup == Hex(2, 3)
    assert hq.front.attack is NOT_APPLICABLE and hq.leadership == 4
    panzer = game.counter("blue-iii-5-7")
    assert panzer.back is not None and (panzer.back.attack, panzer.back.defense) == (3, 1)
    assert panzer.entry_turn == 2 and panzer.entry_areas == ("W",)


def test_loads_map_features() -> None:
    game = load_game(MINI)
    assert game.map.features(Hex(3, 3), Hex(4, 3)) == ("major_river",)
    assert game.map.line_crosses("road", Hex(2, 3), Hex(3, 3))
    assert game.map.places[Hex(3, 3)].name == "Capital"
    assert game.map.terrain(Hex(2, 2)) == "woods"


def test_missing_column_names_file_and_column(mini: Path) -> None:
    edit(mini / "units.csv", ",notes\n", "\n")
    errors = errors_of(mini)
    assert any(e.startswith(f"{mini / 'units.csv'}:1: notes: missing column") for e in errors), errors


def test_bad_hex_is_reported_at_its_line(mini: Path) -> None:
    edit(mini / "units.csv", ",0203,front", ",02x3,front")
    assert f"{mini / 'units.csv'}:3: setup: '02x3' is not a 4-digit hex number" in errors_of(mini)


def test_off_board_hex_is_reported(mini: Path) -> None:
    edit(mini / "units.csv", ",0203,front", ",0909,front")
    errors = errors_of(mini)
    assert any(e.startswith(f"{mini / 'units.csv'}:3: setup: hex 0909 is off the board") for e in errors), errors


def test_unknown_unit_type_is_reported(mini: Path) -> None:
    edit(mini / "units.csv", "red-xx-1,Red,rifle", "red-xx-1,Red,rilfe")
    errors = errors_of(mini)
    assert any(e.startswith(f"{mini / 'units.csv'}:2: type: unknown unit type 'rilfe'") for e in errors), errors


def test_duplicate_id_names_both_lines(mini: Path) -> None:
    edit(mini / "units.csv", "red-xx-2,Red", "red-xx-1,Red")
    assert (f"{mini / 'units.csv'}:4: id: duplicate id 'red-xx-1' (first on line 2)") in errors_of(mini)


def test_value_without_source_is_an_error(mini: Path) -> None:
    edit(mini / "units.csv", "2,3,6,,reconstructed: test fixture,blank", "2,3,6,,,blank")
    errors = errors_of(mini)
    assert any(e.startswith(f"{mini / 'units.csv'}:2: front_source: no source") for e in errors), errors


def test_unknown_source_with_a_value_is_an_error(mini: Path) -> None:
    edit(mini / "units.csv", "2,3,6,,reconstructed: test fixture,blank", "2,3,6,,unknown,blank")
    errors = errors_of(mini)
    assert any(":2: attack, defense, movement: has a value although front_source is 'unknown'" in e
               for e in errors), errors


def test_every_error_is_reported_in_one_run(mini: Path) -> None:
    edit(mini / "units.csv", "red-xx-1,Red,rifle", "red-xx-1,Red,rilfe")
    edit(mini / "map" / "hexes.csv", "0101,clear", "0101,lava")
    edit(mini / "game.toml", 'turns = { value = 3,', 'turns = { value = "three",')
    errors = errors_of(mini)
    assert len(errors) >= 3
    assert any("hexes.csv:2: terrain: unknown hex terrain 'lava'" in e for e in errors), errors
    assert any("game.toml:5: turns: 'three' should be a number" in e for e in errors), errors


def test_hexside_between_non_adjacent_hexes_is_rejected(mini: Path) -> None:
    edit(mini / "map" / "hexsides.csv", "0202,0203,minor_river", "0202,0404,minor_river")
    assert any("hexsides.csv:4: other: 0202 and 0404 are not adjacent" in e for e in errors_of(mini))


def test_broken_line_path_is_rejected(mini: Path) -> None:
    edit(mini / "map" / "lines.csv", "0103 0203 0303", "0103 0303 0203")
    assert any("lines.csv:2: hexes: 0103 to 0303 is not a step between adjacent hexes" in e
               for e in errors_of(mini))


def test_missing_file_is_reported(mini: Path) -> None:
    (mini / "charts" / "crt.csv").unlink()
    assert f"{mini / 'charts' / 'crt.csv'}: file not found" in errors_of(mini)


def test_invalid_toml_reports_its_line(mini: Path) -> None:
    edit(mini / "game.toml", 'title = "Mini: a test fixture"', 'title = "Mini')
    errors = errors_of(mini)
    assert any(e.startswith(f"{mini / 'game.toml'}:3: not valid TOML") for e in errors), errors
