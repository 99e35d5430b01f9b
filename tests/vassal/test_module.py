"""Reading a module: maps, boards with sizes and grids, trackers, slots, sides; hostile XML refused."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from vmodgen.engine.vassal.errors import ReadError
from vmodgen.engine.vassal.module import read_module
from tests.replay.cases import ORACLE_FIXTURES, TOUR

MODULEDATA = b'<?xml version="1.0"?><data version="1"><VassalVersion>{v}</VassalVersion><name>T</name></data>'


def module_zip(path: Path, entries: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return path


def test_a_legacy_module_is_read_from_its_buildfile_with_every_grid_kind() -> None:
    module = read_module(TOUR / "tour.mod")
    assert module.build_file == "buildFile"
    main = module.map_by_id("Main Map")
    assert [(b.name, type(b.grid).__name__) for b in main.boards] == [
        ("plain", "SquareGrid"), ("VIP", "ZonedGrid"), ("SL", "HexGrid"), ("Empty", "SquareGrid")]


def test_a_board_with_an_image_is_as_large_as_its_image() -> None:
    board = read_module(TOUR / "tour.mod").map_by_id("Main Map").board("SL")
    assert (board.width, board.height, board.reversible) == (1799, 645, True)


def test_maps_are_found_by_name_or_by_their_map_n_id() -> None:
    module = read_module(TOUR / "tour.mod")
    assert module.map_by_id("Map1") is module.map_by_id("Force Pool")
    assert [d.name for d in module.map_by_id("Force Pool").decks] == ["Airplane Reserves", "Ship Reserves", "Cards"]


def test_a_single_non_reversible_board_is_the_default_layout() -> None:
    module = read_module(ORACLE_FIXTURES / "oracle-test-actions.vmod")
    assert module.map_by_id("Dead Pile").layout(None).boards[0].board.name == "Dead Board"


def test_turn_trackers_keep_their_levels_and_module_order_ids() -> None:
    tracker = read_module(ORACLE_FIXTURES / "oracle-test-actions.vmod").tracker_by_id("TurnTracker0")
    assert tracker.name == "Game Turn"
    assert tracker.levels_of("0|3;0;false;-1;1\\;0\\;0\\;true,true") == {"Turn": "3", "Phase": "Combat"}


def test_piece_slots_global_properties_dice_and_sides() -> None:
    module = read_module(ORACLE_FIXTURES / "oracle-test-actions.vmod")
    assert {s.name: s.gpid for s in module.piece_slots if s.where == "palette"} == {
        "Blue Infantry": "1", "Red Infantry": "2", "Blue Armor": "4", "Legacy Marker": "5"}
    assert module.global_properties == {"Weather": "Clear"}
    assert module.dice_buttons == ["1d6"]
    assert "Unit" in module.prototypes
    assert read_module(ORACLE_FIXTURES / "oracle-test-sides.vmod").sides == ["Blue", "Red"]


def test_the_buildfile_is_chosen_by_the_modules_vassal_version(tmp_path: Path) -> None:
    entries = {"buildFile": b'<VASSAL.build.GameModule name="old"/>',
               "buildFile.xml": b'<VASSAL.build.GameModule name="new"/>'}
    old = module_zip(tmp_path / "old.vmod", {**entries, "moduledata": MODULEDATA.replace(b"{v}", b"3.2.17")})
    new = module_zip(tmp_path / "new.vmod", {**entries, "moduledata": MODULEDATA.replace(b"{v}", b"3.6.0")})
    assert (read_module(old).name, read_module(new).name) == ("old", "new")


def test_xml_with_entities_is_refused(tmp_path: Path) -> None:
    bomb = (b'<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>'
            b'<VASSAL.build.GameModule name="&b;"/>')
    with pytest.raises(ReadError, match="DTD"):
        read_module(module_zip(tmp_path / "bomb.vmod", {"buildFile.xml": bomb}))


def test_a_missing_board_image_is_a_problem_not_a_failure(tmp_path: Path) -> None:
    xml = (b'<VASSAL.build.GameModule name="m"><VASSAL.build.module.Map mapName="M">'
           b'<VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="B" image="gone.png"/>'
           b'</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map></VASSAL.build.GameModule>')
    module = read_module(module_zip(tmp_path / "m.vmod", {"buildFile.xml": xml}))
    assert "gone.png" in module.problems[0]
    assert module.maps[0].boards[0].width == 500


def test_a_save_is_not_a_module(tmp_path: Path) -> None:
    with pytest.raises(ReadError, match="no buildFile"):
        read_module(module_zip(tmp_path / "s.vmod", {"savedGame": b"begin_save"}))
