"""A few seconds of each fuzz target (``bench/fuzz.py`` runs them for minutes)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.hostile.fuzz_targets import TARGETS

QUICK = settings(max_examples=40, deadline=None, database=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.parametrize("name", sorted(TARGETS))
def test_fuzz_target_finds_nothing_in_a_short_run(name: str) -> None:
    QUICK(given(st.data())(TARGETS[name]))()


def test_fuzz_finding_a_grid_without_first_col_but_with_both_descending_keys_is_a_data_error() -> None:
    """bench/fuzz.py, loader target: grid.toml with ``first_col`` deleted (its two optional
    ``descending_*`` keys made the count of present keys look complete): a TypeError before."""
    from pathlib import Path
    import shutil
    import tempfile

    from vmodgen.engine.model.errors import GameDataError
    from vmodgen.engine.model.loader import load_game
    from tests.hostile.fuzz_targets import KIEV

    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "kiev"
        shutil.copytree(KIEV, copy)
        grid = copy / "map" / "grid.toml"
        grid.write_text(grid.read_text().replace("first_col = 1\n", ""))
        with pytest.raises(GameDataError) as raised:
            load_game(copy)
        assert any("first_col: missing" in str(e) for e in raised.value.errors)


def test_fuzz_finding_a_toml_integer_over_pythons_digit_limit_is_a_data_error(tmp_path) -> None:
    """bench/fuzz.py, loader target: 4,604 nines spliced into game.toml made tomllib raise a
    bare ValueError (Python's 4,300-digit limit on int conversion)."""
    import shutil

    from vmodgen.engine.model.errors import GameDataError
    from vmodgen.engine.model.loader import load_game
    from tests.hostile.fuzz_targets import KIEV

    copy = tmp_path / "kiev"
    shutil.copytree(KIEV, copy)
    game = copy / "game.toml"
    game.write_text(game.read_text().replace("value = 13,", "value = " + "9" * 4604 + ","))
    with pytest.raises(GameDataError) as raised:
        load_game(copy)
    assert any("game.toml" in str(e) and "not valid TOML" in str(e) for e in raised.value.errors)


def test_fuzz_finding_a_zip_needing_an_unknown_version_is_a_read_error(tmp_path) -> None:
    """bench/fuzz.py, archive target: a log whose zip directory asks for "version 16.4" to
    extract made zipfile raise NotImplementedError through the reader."""
    from vmodgen.engine.vassal.errors import ReadError
    from vmodgen.engine.vassal.savefile import read_game
    from tests.replay.cases import LOGS

    data = bytearray((LOGS / "twoboards-layout.vlog").read_bytes())
    directory = data.index(b"PK\x01\x02")
    data[directory + 6] = 164  # "version needed to extract": 16.4
    path = tmp_path / "version.vlog"
    path.write_bytes(bytes(data))
    with pytest.raises(ReadError, match="not a readable zip archive"):
        read_game(path)


def test_fuzz_finding_a_zip_whose_directory_points_before_the_file_is_a_read_error(tmp_path) -> None:
    """bench/fuzz.py, archive target: a zip whose end record puts the directory further on than
    it is makes an entry's offset negative, and opening it raised OSError (EINVAL on seek)."""
    import struct

    from vmodgen.engine.vassal.errors import ReadError
    from vmodgen.engine.vassal.savefile import read_game
    from tests.replay.cases import LOGS

    data = bytearray((LOGS / "toolbar.vsav").read_bytes())
    end = data.rindex(b"PK\x05\x06")
    (start,) = struct.unpack_from("<I", data, end + 16)
    struct.pack_into("<I", data, end + 16, start + 4096)
    path = tmp_path / "offset.vsav"
    path.write_bytes(bytes(data))
    with pytest.raises(ReadError):
        read_game(path)
