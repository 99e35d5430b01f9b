"""Log integrity on logs written by the real VASSAL engine (tests/data/integrity: the scripts and
make_logs.py that made them): a die rolled, undone and rolled again is flagged, with both
engines' ways of logging an undo; a restarted game is flagged; a clean game has no flag; dice
statistics count only the rolls that stood."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from vmodgen.engine.check.integrity import (Audit, FactsReader, LogFacts, audit, chi_square_p, fairness, player_changes,
                                            read_facts, restarts)
from vmodgen.engine.check.report import Report
from vmodgen.engine.check.runner import NotOneGame, check_logs
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.replay import Replay
from vmodgen.engine.vassal import read_game, read_module
from vmodgen.engine.vassal.writer import write_game

REPO = Path(__file__).resolve().parents[2]
LOGS = REPO / "tests" / "data" / "integrity"
KIEV = REPO / "tests" / "data" / "checks" / "kiev"


@pytest.fixture(scope="module")
def module(game_module: Callable[[Path], Path]) -> Path:
    return game_module(REPO / "games" / "kiev")


def check(module: Path, *paths: Path) -> Report:
    return check_logs(list(paths), module, REPO / "games")


def audit_files(module: Path, *paths: Path) -> Audit:
    """The integrity audit of files that are not one game (check_logs refuses them)."""
    logs = [(path.name, Replay(read_game(path), read_module(module))) for path in paths]
    return audit(logs, [p.name for p in load_game(REPO / "games" / "kiev").phases])


@pytest.mark.parametrize("log", ["reroll", "reroll-3.7"])
def test_a_die_rerolled_through_undo_is_flagged(module: Path, log: str) -> None:
    report = check(module, LOGS / f"{log}.vlog")
    assert [(f.kind, f.step, f.player) for f in report.integrity] == [("reroll", 47, "tester")]
    assert "rolled 1 at step 45, undone, and rolled again at step 47: 5" in report.integrity[0].message
    # the undone 1 is not among the rolls that count; the two 5s that stood are
    [stats] = report.dice
    assert (stats.player, stats.button, stats.rolls, stats.counts[5], stats.counts[1]) == ("tester", "1d6", 2, 2, 0)
    assert json.loads(report.to_json())["integrity"][0]["kind"] == "reroll"


@pytest.mark.parametrize("log", ["reroll", "reroll-3.7", "restart-2", "renamed"])
def test_facts_read_along_the_checkers_replay_are_those_of_a_replay_of_their_own(module: Path, log: str) -> None:
    # The checker replays each log once, for its timeline and this audit both (runner.py).
    path = LOGS / f"{log}.vlog"
    phases = [p.name for p in load_game(REPO / "games" / "kiev").phases]
    replay = Replay(read_game(path), read_module(module))
    reading = FactsReader(path.name, replay, phases)
    assert [step.index for step in reading.steps()] == [step.index for step in replay.game.steps]
    alone = read_facts(path.name, replay, phases)
    assert reading.facts == alone and (alone.rolls or alone.seats)


def test_a_restarted_game_is_flagged(module: Path) -> None:
    checked = audit_files(module, LOGS / "restart-1.vlog", LOGS / "restart-2.vlog")
    assert [(f.log, f.kind) for f in checked.flags] == [("restart-2.vlog", "restart")]
    assert checked.flags[0].message == ("starts at Game-Turn 1, Soviet Movement, earlier than where restart-1.vlog "
                                        "ended (Game-Turn 1, German Mechanized Movement): a restarted game")
    # both files' rolls stood: restart-1's 1, restart-2's two 5s
    [stats] = checked.dice
    assert (stats.rolls, stats.counts[1], stats.counts[5]) == (3, 1, 2)


def test_a_restarted_game_given_as_one_is_refused_naming_the_restart(module: Path) -> None:
    with pytest.raises(NotOneGame, match=r"^restart-2.vlog does not continue restart-1.vlog: .*\(a restarted game\)$"):
        check(module, LOGS / "restart-1.vlog", LOGS / "restart-2.vlog")


def test_two_names_for_two_sides_are_no_flag_but_a_third_player_is(module: Path) -> None:
    checked = audit_files(module, LOGS / "restart-1.vlog", LOGS / "renamed.vlog")
    assert [f.kind for f in checked.flags] == ["restart"]     # two names for two sides: no flag
    assert {d.player for d in checked.dice} == {"tester", "impostor"}
    facts = [LogFacts("a", names={"tester": 3}), LogFacts("b", names={"impostor": 5}),
             LogFacts("c", names={"tester": 1, "substitute": 9})]
    [flag] = player_changes(facts, sides=2)
    assert (flag.log, flag.step, flag.kind, flag.player) == ("c", 9, "player-changed", "substitute")


def test_a_clean_game_has_no_flag(module: Path) -> None:
    report = check(module, KIEV / "legal-game.vlog")
    assert report.integrity == []
    assert sum(d.rolls for d in report.dice) > 0


def test_roster_seats_changing_hands_or_sides_are_flagged() -> None:
    facts = [LogFacts("a", seats=[(0, "Ann", "German"), (0, "Bob", "Soviet")]),
             LogFacts("b", seats=[(0, "Ann", "Soviet"), (0, "Bob", "Soviet")]),
             LogFacts("c", seats=[(4, "Cid", "German")])]
    kinds = [(f.log, f.kind, f.player, f.side) for f in player_changes(facts, sides=2)]
    assert kinds == [("b", "side-changed", "Ann", "Soviet"), ("b", "player-changed", "Ann", "Soviet"),
                     ("b", "player-changed", "Bob", "Soviet"), ("c", "player-changed", "Cid", "German")]


def test_fairness_p_values_match_chi_square_tables() -> None:
    # critical values of the chi-square distribution at 5% and 1% (any statistics table)
    for x, k, p in [(3.841, 1, 0.05), (6.635, 1, 0.01), (11.070, 5, 0.05), (15.086, 5, 0.01), (9.488, 4, 0.05)]:
        assert chi_square_p(x, k) == pytest.approx(p, abs=5e-4)
    assert fairness([1, 1, 1, 1, 1, 1]) == (None, None)      # too few rolls to test
    statistic, p = fairness([12, 8, 10, 9, 11, 10])
    assert statistic == pytest.approx(1.0) and p == pytest.approx(chi_square_p(1.0, 5))


def test_a_file_continuing_where_the_last_ended_is_no_restart() -> None:
    phases = ("Soviet Movement", "German Combat")
    there = {"p1": ("Kiev", "0707"), "p2": ("Kiev", "0808")}
    ended = LogFacts("a", phases, (1, 0), (2, 1), end_units=there)
    assert restarts([ended, LogFacts("b", phases, (2, 1), start_units=dict(there))]) == []
    assert restarts([ended, LogFacts("b", phases, (3, 0), start_units={})]) == []
    moved = LogFacts("b", phases, (2, 1), start_units={**there, "p2": ("Kiev", "0909")})
    [flag] = restarts([ended, moved])
    assert (flag.log, flag.kind) == ("b", "restart") and "1 piece(s) are not where that file left them" in flag.message


def with_roster(source: Path, target: Path, *seats: tuple[str, str, str]) -> Path:
    """An engine-written log with roster entries (password, name, side) added to its restore,
    as VASSAL writes them for players who took a side (the oracle takes none)."""
    game = read_game(source)
    entries = "".join(f"PLAYER\t{password}\t{name}\t{side}\x1b" for password, name, side in seats)
    write_game(target, game.text.replace("begin_save\x1b", "begin_save\x1b" + entries, 1),
               module_name=game.metadata.module_name or "", module_version=game.metadata.module_version or "")
    return target


def test_players_swapping_sides_are_flagged_and_passwords_never_shown(module: Path, tmp_path: Path) -> None:
    first = with_roster(LOGS / "restart-1.vlog", tmp_path / "a.vlog", ("pw-ann-1", "Ann", "German"),
                        ("pw-bob-2", "Bob", "Soviet"))
    second = with_roster(LOGS / "restart-2.vlog", tmp_path / "b.vlog", ("pw-ann-1", "Ann", "Soviet"),
                         ("pw-bob-2", "Bob", "German"))
    checked = audit_files(module, first, second)
    changed = [(f.log, f.kind, f.player, f.side) for f in checked.flags if f.kind == "side-changed"]
    assert changed == [("b.vlog", "side-changed", "Ann", "Soviet"), ("b.vlog", "side-changed", "Bob", "German")]
    report = Report("Kiev", ["a.vlog", "b.vlog"])
    report.integrity, report.dice = checked.flags, checked.dice
    for text in (report.to_json(), report.to_text()):
        assert "pw-ann-1" not in text and "pw-bob-2" not in text
