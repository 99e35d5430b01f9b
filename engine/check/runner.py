"""Check one game's logs: replay them in order, build the phase timeline, run the game's rules
family over it and gather the report.

The game's data comes from the module itself (a module built by vmodgen carries it, see
:mod:`vmodgen.engine.check.game_data`); a games folder, when given, overrides it. Paths may be
given as ``str`` or ``os.PathLike``.

>>> report = check_logs(["tests/data/checks/kiev/german-rail.vlog"], "build/kiev.vmod")   # doctest: +SKIP
>>> [f.rule for f in report.findings]                                                     # doctest: +SKIP
['AGS 5.11']
"""

from __future__ import annotations

import gc
import os
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from vmodgen.engine.check.game_data import ModuleGame, data_files, differences, digest, load_embedded
from vmodgen.engine.check.integrity import FactsReader, LogFacts, audit_facts, restarts
from vmodgen.engine.check.report import BattleEntry, Finding, NotChecked, ReaderError, Report
from vmodgen.engine.check.seams import position_of, seam_problem
from vmodgen.engine.check.timeline import Timeline
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.units import Counter
from vmodgen.engine.model.limits import valid_game_id
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.piece_properties import game_of
from vmodgen.engine.replay import Replay
from vmodgen.engine.rules.judgement import BattleSummary, Judgement
from vmodgen.engine.rules.families import UnknownFamily, find_family
from vmodgen.engine.rules.family import RulesFamily
from vmodgen.engine.vassal.module import read_module
from vmodgen.engine.vassal.savefile import read_game

PathArg = str | os.PathLike[str]
Notice = Callable[[str], None]


class UnknownGame(ValueError):
    """The logs' pieces name no game this checker has data or rules for, or were played with
    another module than the one given."""


class NotOneGame(ValueError):
    """Files given together that do not continue one another; ``str()`` names the seam."""


def check_logs(logs: Sequence[PathArg], module: PathArg, games_dir: PathArg | None = None,
               notice: Notice | None = None) -> Report:
    """Check the logs of one game, in the order given, as one continuous game.

    Each file must start where the one before it ended (turn, phase, every unit's hex), else
    :class:`NotOneGame` names the seam. Files with no moves at all (a save alone) are checked as
    a position. ``notice`` hears one line when ``games_dir`` overrides different module data.
    """
    with cyclic_gc_paused():
        return _check_logs(logs, module, games_dir, notice)


@contextmanager
def cyclic_gc_paused() -> Iterator[None]:
    """Python's cyclic collector off while a game is checked: a check makes many short-lived
    objects (positions, routes) beside the many it keeps (the game data, the replay, the phase
    records), so the collector's full passes rescan what is kept again and again, a quarter of
    the CPU of a 13-turn game (issue 9) and more than linear growth on long logs (issue 8).
    Reference counting still frees nearly everything; the cycles a check leaves are collected
    once the collector is back on (a tournament's worker checks game after game). Nested, only
    the outermost turns it back on: the command line keeps it off while it writes the report."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _check_logs(logs: Sequence[PathArg], module: PathArg, games_dir: PathArg | None,
                notice: Notice | None) -> Report:
    paths = [Path(os.fspath(log)) for log in logs]
    module_path = Path(os.fspath(module))
    module_info = read_module(module_path)
    saved = [read_game(path) for path in paths]
    for path, game_file in zip(paths, saved):
        played_with = game_file.metadata.module_name
        if played_with and module_info.name and played_with != module_info.name:
            raise UnknownGame(f"{path}: played with the module {played_with!r}, not with "
                              f"{module_info.name!r} ({module_path})")
    return _check_replays(paths, [Replay(game, module_info) for game in saved], module_path, games_dir, notice)


def check_replays(logs: Sequence[PathArg], replays: Sequence[Replay], module: PathArg,
                  games_dir: PathArg | None = None, notice: Notice | None = None) -> Report:
    """:func:`check_logs` of logs already read and made into replays of the module, each still
    at its restored position; each replay stands at its log's end afterwards. A tournament reads
    and replays a file once for both its survey (where it starts and ends) and its check."""
    with cyclic_gc_paused():
        return _check_replays([Path(os.fspath(log)) for log in logs], replays, Path(os.fspath(module)),
                              games_dir, notice)


def _check_replays(paths: Sequence[Path], replays: Sequence[Replay], module_path: Path, games_dir: PathArg | None,
                   notice: Notice | None) -> Report:
    module_info = replays[0].module if replays else None
    saved = [replay.game for replay in replays]
    game = game_data(game_id_of(replays), module_path, games_dir, notice)
    if module_info is None or module_info.map_by_id(game.map.board) is None:
        raise UnknownGame(f"{module_path}: has no map {game.map.board!r}, the board of {game.title}")
    try:
        family = find_family(game.system)
    except UnknownFamily as error:
        raise UnknownGame(f"{game.id}: {error}") from None
    timeline = Timeline(game)
    names = [path.name for path in paths]
    # One replay of each log serves the timeline and the integrity audit (FactsReader).
    facts: list[LogFacts] = []
    ends = None
    for name, replay in zip(names, replays):
        reading = FactsReader(name, replay, [p.name for p in game.phases])
        start = position_of(replay.state)
        if ends is not None and (problem := seam_problem(ends[0], ends[1], name, start)):
            restarted = any(f.kind == "restart" for f in restarts([facts[-1], reading.facts]))
            raise NotOneGame(f"{problem} (a restarted game)" if restarted else problem)
        timeline.add_log(name, reading)  # type: ignore[arg-type]  # a Replay read along
        facts.append(reading.facts)
        ends = (name, position_of(replay.state))
    checked = audit_facts(facts, len(game.sides))
    records = timeline.finish()
    report = Report(game.title, names, files=[str(path) for path in paths])
    report.steps = sum(len(g.steps) for g in saved)
    turns = [r.turn for r in records] or [timeline.turn]
    report.turns = (min(turns), max(turns))
    for name, replay in zip(names, replays):
        report.errors += [ReaderError(name, e.step, f"{e.kind}: {e.problem}") for e in replay.errors]
    judgements = family.check_game(records)
    report.summary = family.summary(records)
    if not report.steps:
        judgements = _position_only(report, game, family, timeline) + judgements
    report.integrity, report.dice = checked.flags, checked.dice
    players = player_names(replays)
    for judgement in judgements:
        _add(report, game, timeline, judgement, players)
    for record in records:
        for seq, text in record.notes:
            log, step = timeline.step_ref(seq)
            report.not_checked.append(NotChecked(log, step, record.turn, record.phase.name, "", text))
    return report


def _position_only(report: Report, game: Game, family: RulesFamily, timeline: Timeline) -> list[Judgement]:
    """Issue 7: a save alone holds no moves; say so, and judge the position it holds."""
    situation = timeline.situation()
    phase = game.phases[situation.phase_index].name
    held = "holds" if len(report.logs) == 1 else "hold"
    report.not_checked.append(NotChecked(report.logs[-1], 0, situation.turn, phase, "", (
        f"{', '.join(report.logs)} {held} no moves: only the position was checked (the set-up where it "
        "is the opening, stacking)")))
    return family.check_position(report.logs[-1], situation)


def game_id_of(replays: Sequence[Replay]) -> str:
    """The game whose data the pieces name (their ``Game`` property)."""
    names = {game_of(p) for r in replays for p in r.state.pieces()} - {None, ""}
    if not names:
        raise UnknownGame("no piece in the logs names its game (pieces of a vmodgen module carry a Game property)")
    if len(names) > 1:
        raise UnknownGame(f"the logs hold pieces of several games: {', '.join(sorted(names))}")
    game_id = names.pop()
    # A log is a stranger's file: its Game property must be a game id, never a path (limits.py).
    if not valid_game_id(game_id):
        raise UnknownGame(f"the logs' pieces name the game {game_id!r}, which is not a game id "
                          "(lower-case letters, digits and '-')")
    return game_id


def game_data(game_id: str, module: PathArg, games_dir: PathArg | None = None,
              notice: Notice | None = None) -> Game:
    """The game's data: the module's own copy, or ``games_dir/<id>`` when given (``notice``
    then hears one line if the two differ)."""
    module_path = Path(os.fspath(module))
    embedded = _embedded(str(module_path.resolve()), _stamp(module_path), game_id)
    if games_dir is None:
        if embedded is None:
            raise UnknownGame(f"{module_path}: carries no data for the game {game_id!r} (a module built "
                              "by an older vmodgen?): rebuild it, or give --games-dir")
        return embedded.game
    folder = Path(os.fspath(games_dir)) / game_id
    if folder.resolve().parent != Path(os.fspath(games_dir)).resolve() or not (folder / "game.toml").is_file():
        raise UnknownGame(f"no game data for {game_id!r} in {games_dir}")
    files = data_files(folder)
    if notice is not None:
        if embedded is None:
            notice(f"{module_path.name} carries no game data; checking with {folder}")
        elif changed := differences(folder, embedded.files):
            shown = ", ".join(changed[:3]) + (f" and {len(changed) - 3} more" if len(changed) > 3 else "")
            notice(f"{folder} differs from the game data inside {module_path.name} ({shown}); checking with {folder}")
    return _folder_game(str(folder.resolve()), digest(files))


@lru_cache(maxsize=8)
def _embedded(module: str, stamp: tuple[int, int], game_id: str) -> ModuleGame | None:
    """Loaded once per process and module version: a tournament checks many games of one module."""
    return load_embedded(module, game_id)


@lru_cache(maxsize=8)
def _folder_game(folder: str, data_digest: str) -> Game:
    """Loaded once per process and version of the folder's data (``data_digest`` keys the cache)."""
    return load_game(Path(folder))


def _stamp(path: Path) -> tuple[int, int]:
    status = path.stat()
    return (status.st_mtime_ns, status.st_size)


def player_names(replays: Sequence[Replay]) -> dict[str, str]:
    """Each side's player name from the logs' rosters (VASSAL's PLAYER entries), where a seat
    has both; the passwords stay unread."""
    return {p.side: p.name for r in replays for p in r.state.players.values() if p.side and p.name}


def _add(report: Report, game: Game, timeline: Timeline, judgement: Judgement, players: dict[str, str]) -> None:
    log, step = timeline.step_ref(judgement.step) if judgement.step else (report.logs[0], 0)
    verdict = judgement.verdict
    if judgement.battle is not None:
        report.battles.append(_battle_entry(game, timeline, judgement, judgement.battle, log, step))
        return
    message = _hide_untried(game, timeline, judgement.step, verdict.message)
    if verdict.is_illegal:
        counter = game.counter(judgement.unit) if judgement.unit else None
        side = judgement.side or (counter.side if counter is not None else "")
        unit, name = judgement.unit or "", counter.name if counter else ""
        if counter is not None and timeline.untried_at(counter.id, judgement.step):
            unit, name = "", _hidden(game, counter)
        report.findings.append(Finding(log, step, judgement.turn, judgement.phase, side, unit, name,
                                       judgement.origin, judgement.destination, verdict.case, message,
                                       players.get(side, "")))
    elif verdict.is_unchecked:
        report.not_checked.append(NotChecked(log, step, judgement.turn, judgement.phase, verdict.case, message))


def _battle_entry(game: Game, timeline: Timeline, judgement: Judgement, battle: BattleSummary, log: str,
                  step: int) -> BattleEntry:
    """A battle for the report, its units named as the players saw them at the die roll."""
    def named(key: str) -> str:
        counter = game.counter(key)
        return _hidden(game, counter) if timeline.untried_at(key, judgement.step) else counter.name

    def text(message: str) -> str:
        return _hide_untried(game, timeline, judgement.step, message)

    return BattleEntry(log, step, judgement.turn, judgement.phase, battle.number,
                       [game.map.name(h) for h in battle.attacker_hexes], [named(k) for k in battle.attackers],
                       game.map.name(battle.defender_hex) if battle.defender_hex else "",
                       [named(k) for k in battle.defenders], battle.odds, battle.attack, battle.defense,
                       list(battle.shifts), battle.die, battle.result, text(battle.applied), text(battle.verdict))


def _hidden(game: Game, counter: Counter) -> str:
    """The untried side's name as it reads inside a report's sentences."""
    name = game.untried_name(counter)
    return name[:1].lower() + name[1:]


def _hide_untried(game: Game, timeline: Timeline, seq: int, message: str) -> str:
    """DESIGN.md: a report never reveals a side's hidden units; names of units still on their
    untried side are replaced by what that side shows."""
    for counter in game.counters:
        if counter.back_kind != "untried" or counter.name not in message:
            continue
        named = re.compile(rf"(?<![\w/]){re.escape(counter.name)}(?![\w/])")
        if named.search(message) and timeline.untried_at(counter.id, seq):
            message = named.sub(_hidden(game, counter), message)
    return message
