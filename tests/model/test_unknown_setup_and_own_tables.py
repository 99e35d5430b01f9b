"""A set-up hex the book prints only on its map is 'unknown', never a silent gap; a game's own
tables (charts/*.csv besides the CRT) are checked when the game loads."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from vmodgen.engine.model.errors import GameDataError
from vmodgen.engine.model.loader import load_game

ROSTOV = Path(__file__).resolve().parents[2] / "games" / "rostov"


@pytest.fixture()
def rostov(tmp_path: Path) -> Path:
    folder = tmp_path / "rostov"
    shutil.copytree(ROSTOV, folder)
    return folder


def test_an_hq_on_an_unknown_map_symbol_loads(rostov: Path) -> None:
    hq = load_game(rostov).counter("sov-hq-9")
    assert hq.role == "setup" and hq.setup is None and not hq.sources.placement.is_known


def test_a_set_up_unit_without_a_hex_needs_the_word_unknown(rostov: Path) -> None:
    units = rostov / "units.csv"
    lines = units.read_text(encoding="utf-8").splitlines()
    lines = [line.replace(",setup,unknown,", ",setup,rules: 18.13,") if line.startswith("sov-hq-9,") else line
             for line in lines]
    units.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(GameDataError) as error:
        load_game(rostov)
    assert "a set-up unit needs its set-up hex" in str(error.value)


def test_a_broken_own_table_is_a_load_error(rostov: Path) -> None:
    table = rostov / "charts" / "weather.csv"
    table.write_text(table.read_text(encoding="utf-8") + "7,clear,extra,rules: 20.34\n", encoding="utf-8")
    with pytest.raises(GameDataError) as error:
        load_game(rostov)
    assert "weather.csv" in str(error.value)
