"""Check one game's logs: replay them in order, build the phase timeline, run the game's rules
family over it and gather the report.

>>> report = check_logs([Path("game.vlog")], Path("build/kiev.vmod"), Path("games"))   # doctest: +SKIP
>>> [f.rule for f in report.findings]                                                   # doctest: +SKIP
['AGS 8.21']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path

from vmodgen.engine.check.report import Finding, NotChecked, ReaderError, Report
from vmodgen.engine.check.timeline import Timeline
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.units import Counter
from vmodgen.engine.model.loader import load_game
from vmodgen.engine.replay import Replay
from vmodgen.engine.rules import ags
from vmodgen.engine.rules.ags.judgement import Judgement
from vmodgen.engine.rules.record import PhaseRecord
from vmodgen.engine.vassal.module import read_module
from vmodgen.engine.vassal.savefile import read_game

FAMILIES: dict[str, Callable[[Sequence[PhaseRecord]], list[Judgement]]] = {"ags": ags.check_game}


class UnknownGame(ValueError):
    """The logs' pieces name no game this checker has data or rules for, or were played with
    another module than the one given."""


def check_logs(logs: Sequence[Path], module: Path, games_dir: Path) -> Report:
    """Check the logs of one game, in the order given, as one continuous game."""
    module_info = read_module(module)
    saved = [read_game(path) for path in logs]
    for path, game_file in zip(logs, saved):
        played_with = game_file.metadata.module_name
        if played_with and module_info.name and played_with != module_info.name:
            raise UnknownGame(f"{path}: played with the module {played_with!r}, not with "
                              f"{module_info.name!r} ({module})")
    replays = [Replay(game, module_info) for game in saved]
    game = _game_of(replays, games_dir)
    if module_info.map_by_id(game.map.board) is None:
        raise UnknownGame(f"{module}: has no map {game.map.board!r}, the board of {game.title}")
    family = FAMILIES.get(game.system)
    if family is None:
        raise UnknownGame(f"{game.id}: no rules checker for the {game.system!r} rules family yet")
    timeline = Timeline(game)
    names = [path.name for path in logs]
    for name, replay in zip(names, replays):
        timeline.add_log(name, replay)
    records = timeline.finish()
    report = Report(game.title, names)
    report.steps = sum(len(g.steps) for g in saved)
    turns = [r.turn for r in records] or [timeline.turn]
    report.turns = (min(turns), max(turns))
    for name, replay in zip(names, replays):
        report.errors += [ReaderError(name, e.step, f"{e.kind}: {e.problem}") for e in replay.errors]
    for judgement in family(records):
        _add(report, game, timeline, judgement)
    for record in records:
        for seq, text in record.notes:
            log, step = timeline.step_ref(seq)
            report.not_checked.append(NotChecked(log, step, record.turn, record.phase.name, "", text))
    return report


def _add(report: Report, game: Game, timeline: Timeline, judgement: Judgement) -> None:
    log, step = timeline.step_ref(judgement.step) if judgement.step else (report.logs[0], 0)
    verdict = judgement.verdict
    message = _hide_untried(game, timeline, judgement.step, verdict.message)
    if verdict.is_illegal:
        counter = game.counter(judgement.unit) if judgement.unit else None
        side = judgement.side or (counter.side if counter is not None else "")
        unit, name = judgement.unit or "", counter.name if counter else ""
        if counter is not None and timeline.untried_at(counter.id, judgement.step):
            unit, name = "", _hidden(game, counter)
        report.findings.append(Finding(log, step, judgement.turn, judgement.phase, side, unit, name,
                                       judgement.origin, judgement.destination, verdict.case, message))
    elif verdict.is_unchecked:
        report.not_checked.append(NotChecked(log, step, judgement.turn, judgement.phase, verdict.case, message))


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


def _game_of(replays: Sequence[Replay], games_dir: Path) -> Game:
    """The game whose data the pieces name (their ``Game`` property), read from ``games_dir`` only."""
    from vmodgen.engine.model.limits import valid_game_id

    names = {p.properties.get("Game") for r in replays for p in r.state.pieces()} - {None, ""}
    if not names:
        raise UnknownGame("no piece in the logs names its game (pieces of a vmodgen module carry a Game property)")
    if len(names) > 1:
        raise UnknownGame(f"the logs hold pieces of several games: {', '.join(sorted(names))}")
    game_id = names.pop()
    # A log is a stranger's file: its Game property must be a game id, never a path (limits.py).
    if not valid_game_id(game_id):
        raise UnknownGame(f"the logs' pieces name the game {game_id!r}, which is not a game id "
                          "(lower-case letters, digits and '-')")
    folder = games_dir / game_id
    if folder.resolve().parent != games_dir.resolve() or not (folder / "game.toml").is_file():
        raise UnknownGame(f"no game data for {game_id!r} in {games_dir}")
    return load_game(folder)
