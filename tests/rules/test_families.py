"""Issue 12 item 1: a rules family is a plug-in the rules package owns. The registry finds a
family by the ``system`` a game names; a ``system`` with no family is a load error on one line;
and a family registered by a test, naming none of the core's files, is used by the loader and
the checker (tests/check/test_family_plugin.py)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from vmodgen.engine.model.errors import GameDataError
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.rules.ags.family import AGS
from vmodgen.engine.rules.families import UnknownFamily, find_family, known_families, register, unregister
from vmodgen.engine.rules.family import PhaseKind, RulesFamily
from vmodgen.engine.rules.judgement import Judgement
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.rules.situation import Situation
from vmodgen.engine.rules.verdict import Verdict

REPO = Path(__file__).resolve().parents[2]
MINI = REPO / "tests" / "data" / "games" / "mini"


class Pulse(RulesFamily):
    """A made-up family: AGS's units and markers, but a "pulse" phase in which units move, and
    a check that flags every unit that moved (citing "Pulse 1.1")."""

    name = "pulse"
    title = "Pulse (a test family)"
    phase_kinds = (PhaseKind("pulse", moves=True), PhaseKind("movement", moves=True), PhaseKind("combat", battles=True),
                   PhaseKind("mech_movement", moves=True), PhaseKind("interphase"))
    unit_classes = AGS.unit_classes
    movement_classes = AGS.movement_classes
    faces = AGS.faces
    markers = AGS.markers

    def check_game(self, records: Sequence[PhaseRecord]) -> list[Judgement]:
        return [Judgement(track.drops[-1].step, key, track.start_location, track.drops[-1].location,
                          Verdict.illegal("Pulse 1.1", "moved in a pulse game"), record.turn, record.phase.name,
                          record.start.game.counter(key).side)
                for record in records for key, track in record.tracks.items()]

    def check_position(self, log: str, situation: Situation) -> list[Judgement]:
        return []


@pytest.fixture()
def pulse() -> Iterator[RulesFamily]:
    family = register(Pulse())
    yield family
    unregister(family.name)


def copy(source: Path, tmp_path: Path, system: str) -> Path:
    folder = tmp_path / source.name
    shutil.copytree(source, folder)
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace('system = "ags"', f'system = "{system}"', 1))
    return folder


def load_errors(folder: Path) -> list[str]:
    with pytest.raises(GameDataError) as caught:
        load_game(folder)
    return [str(e) for e in caught.value.errors]


def test_the_registry_finds_the_ags_family_by_name() -> None:
    assert find_family("ags") is AGS
    assert "ags" in known_families()
    assert AGS.moves_in("mech_movement") and AGS.battles_in("combat") and not AGS.moves_in("combat")


def test_an_unknown_family_is_named_with_the_known_ones() -> None:
    with pytest.raises(UnknownFamily) as caught:
        find_family("xyz")
    assert str(caught.value) == f"no rules family 'xyz' (known: {', '.join(known_families())})"
    assert "ags" in known_families() and "xyz" not in known_families()


def test_a_game_naming_no_registered_family_is_one_load_error(tmp_path: Path) -> None:
    folder = copy(MINI, tmp_path, "xyz")
    known = ", ".join(known_families())
    assert load_errors(folder) == [f"{folder / 'game.toml'}:4: system: no rules family 'xyz' (known: {known})"]


def test_a_phase_kind_the_family_does_not_know_is_a_load_error(tmp_path: Path) -> None:
    folder = copy(MINI, tmp_path, "ags")
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace('kind = "combat"', 'kind = "pulse"', 1))
    errors = load_errors(folder)
    assert len(errors) == 1 and errors[0].startswith(f"{toml}:28: phases.kind: 'pulse' is not a phase kind of the ags rules")


def test_a_registered_family_gives_the_vocabulary_a_game_is_loaded_with(tmp_path: Path, pulse: RulesFamily) -> None:
    folder = copy(MINI, tmp_path, "pulse")
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace('kind = "combat"', 'kind = "pulse"', 1))
    game = load_game(folder)
    assert game.system == "pulse" and [p.kind for p in game.phases][:2] == ["movement", "pulse"]


class Tried(Pulse):
    """Pulse without untried units."""

    name = "tried"
    faces = ("blank", "reduced", "none")


def test_a_family_validates_the_game_it_loads(tmp_path: Path) -> None:
    register(Tried())
    try:
        folder = copy(MINI, tmp_path, "tried")
        errors = load_errors(folder)
    finally:
        unregister("tried")
    lines = (folder / "units.csv").read_text().splitlines()
    untried = [line.split(",")[0] for line in lines[1:] if ",untried," in line]
    assert errors == [f"{folder / 'units.csv'}: back: {key}: back 'untried' is not a face the tried rules know "
                      "(blank, reduced, none)" for key in untried] and untried

