"""A tournament in one call: sort a pile of logs and saves into games, check every game, and say
which files belong to no game.

Files are sorted by their positions (:mod:`vmodgen.engine.check.seams`): a file continues another
when it starts in the turn and phase, with every unit on the hex, where the other ended. Seen as a
graph, each file is an edge from its start position to its end position, and a game is a path.
A position where several games begin (the opening of every new game) joins nothing: each file
starting there begins a game of its own. A file with no moves (a save) sits on one position and
joins the game passing through it. A fork, two files both continuing one file, is a game that
cannot be checked (one of them restarts it) and says so.

Files are read and games checked in parallel, one process per core (``concurrent.futures``), or,
past one machine, on the workers of a Dask distributed scheduler (the optional ``dask`` extra;
the workers must see the module and the files at the same paths).

>>> tournament = check_tournament(["logs/"], "kiev.vmod")         # doctest: +SKIP
>>> [(g.files, g.status) for g in tournament.games]               # doctest: +SKIP
[(['logs/a.vlog', 'logs/a-end.vsav'], 0), (['logs/b.vlog'], 1)]
"""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol, TypeVar

from vmodgen.engine.check.game_data import differences, embedded_digests
from vmodgen.engine.check.report import Report
from vmodgen.engine.check.runner import NotOneGame, PathArg, UnknownGame, check_logs, check_replays
from vmodgen.engine.check.seams import Position, position_of
from vmodgen.engine.model.errors import GameDataError
from vmodgen.engine.replay import Replay
from vmodgen.engine.vassal.errors import ReadError
from vmodgen.engine.vassal.module import ModuleInfo, read_module
from vmodgen.engine.vassal.savefile import read_game

SUFFIXES = (".vlog", ".vsav")
CLEAN, VIOLATIONS, NOT_CHECKED = 0, 1, 2
SCHEDULER_TIMEOUT = "10s"

R = TypeVar("R")


class Progress(Protocol):
    def update(self, n_steps: int) -> None: ...


#: (label, total) -> a context manager whose ``update(n)`` counts work done (click.progressbar fits)
ProgressFactory = Callable[[str, int], AbstractContextManager[Progress]]


class NoScheduler(RuntimeError):
    """The Dask scheduler asked for cannot be used (the extra is not installed, or it does not
    answer); ``str()`` says which, in one line."""


@dataclass(frozen=True)
class Surveyed:
    """One readable file of the module: its game, where it starts and ends, who played it."""

    file: str
    game_id: str
    start: Position
    end: Position
    steps: int
    players: tuple[tuple[str, str], ...]      # (name, side); passwords are never kept

    @property
    def moves(self) -> bool:
        return self.start.key != self.end.key


@dataclass(frozen=True)
class Unplaced:
    """A file that belongs to no game of this module, and why."""

    file: str
    reason: str


@dataclass
class GameResult:
    """One game: its files in order, and its report (None when it could not be checked: ``error``)."""

    files: list[str]
    report: Report | None = None
    error: str = ""
    players: list[tuple[str, str]] = field(default_factory=list)

    @property
    def status(self) -> int:
        """0 clean, 1 rule violations, 2 not checked."""
        if self.report is None:
            return NOT_CHECKED
        return VIOLATIONS if self.report.findings else CLEAN

    @property
    def integrity(self) -> list[Any]:
        """The report's log-integrity flags, where the report carries them."""
        return list(getattr(self.report, "integrity", []) or [])


@dataclass
class Tournament:
    games: list[GameResult]
    unplaced: list[Unplaced]
    notices: list[str] = field(default_factory=list)

    @property
    def status(self) -> int:
        """The worst game's status; 2 when there is no game at all."""
        return max((g.status for g in self.games), default=NOT_CHECKED)


@dataclass(frozen=True)
class _Plan:
    files: tuple[Surveyed, ...]
    error: str = ""


def check_tournament(inputs: Sequence[PathArg], module: PathArg, games_dir: PathArg | None = None,
                     jobs: int | None = None, progress: ProgressFactory | None = None,
                     scheduler: str | None = None) -> Tournament:
    """Sort the files and folders given into games of ``module`` and check each game.

    ``jobs`` processes (default: one per core), or the workers of the Dask scheduler at the
    address ``scheduler`` (e.g. ``tcp://10.0.0.5:8786``).
    """
    module_path = os.fspath(module)
    read_module(module_path)          # an unreadable module stops everything, with its ReadError
    files = expand(inputs)
    if not files:
        raise ReadError(", ".join(os.fspath(i) for i in inputs), "holds no .vlog or .vsav file")
    games_dir_arg = os.fspath(games_dir) if games_dir is not None else None
    with _executor(jobs, len(files), scheduler) as pool:
        read = _parallel(pool, _survey_and_check, [(f, module_path, games_dir_arg) for f in files], progress,
                         "Checking")
        surveyed = [s for s, _ in read]
        alone = {s.file: result for s, result in read if result is not None}
        found = [s for s in surveyed if isinstance(s, Surveyed)]
        unplaced = [s for s in surveyed if isinstance(s, Unplaced)]
        plans, more = group(found)
        # A game of one file was checked as it was read; only games of several files are read again.
        again = [p for p in plans if p.error or len(p.files) != 1 or p.files[0].file not in alone]
        checked = dict(zip(map(id, again), _parallel(pool, _check, [(p, module_path, games_dir_arg) for p in again],
                                                       progress, "Checking games of several files")))
        games = [checked[id(p)] if id(p) in checked else alone[p.files[0].file] for p in plans]
    notices = _override_notices({s.game_id for s in found}, module_path, games_dir)
    return Tournament(games, sorted(unplaced + more, key=lambda u: u.file), notices)


def expand(inputs: Sequence[PathArg]) -> list[str]:
    """Files as given, and every ``.vlog``/``.vsav`` under each folder given (sorted)."""
    files = []
    for item in inputs:
        path = Path(os.fspath(item))
        if path.is_dir():
            files += sorted(str(p) for p in path.rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES)
        else:
            files.append(str(path))
    return list(dict.fromkeys(files))


def group(files: Sequence[Surveyed]) -> tuple[list[_Plan], list[Unplaced]]:
    """Games (files in playing order) and the files no game can take."""
    plans: list[_Plan] = []
    unplaced: list[Unplaced] = []
    by_game: dict[str, list[Surveyed]] = defaultdict(list)
    for surveyed in files:
        by_game[surveyed.game_id].append(surveyed)
    for game_files in by_game.values():
        components, lost = _components(game_files)
        unplaced += lost
        plans += [_order(c) for c in components]
    return sorted(plans, key=lambda p: p.files[0].file), unplaced


def _components(files: list[Surveyed]) -> tuple[list[list[Surveyed]], list[Unplaced]]:
    """Files joined where one ends and another starts (union-find over the files)."""
    parent = {f.file: f.file for f in files}

    def root(name: str) -> str:
        while parent[name] != name:
            parent[name] = parent[parent[name]]
            name = parent[name]
        return name

    starts, ends, still = defaultdict(list), defaultdict(list), defaultdict(list)
    for f in files:
        if f.moves:
            starts[f.start.key].append(f)
            ends[f.end.key].append(f)
        else:
            still[f.start.key].append(f)
    lost: list[Unplaced] = []
    for key in set(starts) | set(ends) | set(still):
        coming, going, saves = ends[key], starts[key], still[key]
        if not coming and len(going) > 1:        # a position where several games begin
            names = ", ".join(Path(f.file).name for f in going)
            lost += [Unplaced(s.file, f"its position ({s.start.when()}) is where several games begin "
                                      f"({names}): it belongs to none of them in particular") for s in saves]
            continue
        joined = coming + going + saves
        for other in joined[1:]:
            parent[root(other.file)] = root(joined[0].file)
    placed = {u.file for u in lost}
    components: dict[str, list[Surveyed]] = defaultdict(list)
    for f in files:
        if f.file not in placed:
            components[root(f.file)].append(f)
    return list(components.values()), lost


def _order(files: list[Surveyed]) -> _Plan:
    """The files of one game in playing order, or the reason there is none."""
    moving = sorted((f for f in files if f.moves), key=lambda f: f.file)
    saves = sorted((f for f in files if not f.moves), key=lambda f: f.file)
    if not moving:
        return _Plan(tuple(saves))
    first = {f.start.key for f in moving} - {f.end.key for f in moving}
    if len(first) != 1:
        return _Plan(tuple(moving + saves), "the files go round in a circle: no file is where the game begins")
    key, order, used = first.pop(), [], set()
    while True:
        order += [s for s in saves if s.start.key == key]
        going = [f for f in moving if f.start.key == key and f.file not in used]
        if len(going) > 1:
            before = next((Path(f.file).name for f in order[::-1] if f.moves), "")
            names = " and ".join(Path(f.file).name for f in going)
            where = f"where {before} ends" if before else "from the same position"
            return _Plan(tuple(order + going), f"{names} both start {where} ({going[0].start.when()}): "
                                               "one of them restarts the game")
        if not going:
            break
        order.append(going[0])
        used.add(going[0].file)
        key = going[0].end.key
    left = [f for f in files if f not in order]
    if left:
        return _Plan(tuple(order + left), f"{', '.join(Path(f.file).name for f in left)} cannot be placed in "
                                          "the game's order (a fork or a circle)")
    return _Plan(tuple(order))


# -- work done in the worker processes ------------------------------------------------------------

def _survey_and_check(file: str, module: str, games_dir: str | None) -> tuple[Surveyed | Unplaced, GameResult | None]:
    """Read and replay one file once: its survey (its game, its start and end positions) and the
    result of checking it as a game of its own (None when that check stopped on an error
    :func:`_check` does not report: the file is then checked again with its game). Most games
    are one file, so most files are read once, not once to be sorted and again to be checked."""
    try:
        info = _module(module, _stamp(module))
        saved = read_game(file)
        played_with = saved.metadata.module_name
        if played_with and info.name and played_with != info.name:
            return Unplaced(file, f"played with the module {played_with!r}, not with {info.name!r}"), None
        replay = Replay(saved, info)
        start = position_of(replay.state)
        result = _checked_alone(file, replay, module, games_dir)
        if result is None or result.report is None:
            for _ in replay.steps():    # the check stopped before the end (or never started)
                pass
        games = {p.properties.get("Game") for p in replay.state.pieces()} - {None, ""}
        if len(games) != 1:
            return Unplaced(file, "no piece names its game" if not games else
                            f"holds pieces of several games: {', '.join(sorted(games))}")
        players = tuple(sorted({(p.name, p.side) for p in replay.state.players.values()}))
        surveyed = Surveyed(file, games.pop(), start, position_of(replay.state), len(saved.steps), players)
        if result is not None:
            result.players = sorted(set(players))
        return surveyed, result
    except ReadError as error:
        return Unplaced(file, error.problem), None
    except (RecursionError, MemoryError) as error:
        return Unplaced(file, f"cannot be read ({type(error).__name__})"), None


def _checked_alone(file: str, replay: Replay, module: str, games_dir: str | None) -> GameResult | None:
    """The file checked as a game of its own, as :func:`_check` would report it; None when the
    check raised something else (the file's own game, checked again, then reports it)."""
    try:
        return _result([file], [], lambda: check_replays([file], [replay], module, games_dir))
    except Exception:   # noqa: BLE001 - what _check would do with it is found by checking again
        return None


def _check(plan: _Plan, module: str, games_dir: str | None) -> GameResult:
    files = [f.file for f in plan.files]
    players = sorted({p for f in plan.files for p in f.players})
    if plan.error:
        return GameResult(files, None, plan.error, players)
    return _result(files, players, lambda: check_logs(files, module, games_dir))


def _result(files: list[str], players: list[tuple[str, str]], check: Callable[[], Report]) -> GameResult:
    """A game's result: its report, or the reason it could not be checked."""
    try:
        return GameResult(files, check(), "", players)
    except (ReadError, UnknownGame, NotOneGame) as error:
        return GameResult(files, None, str(error), players)
    except GameDataError as error:
        return GameResult(files, None, f"the game data has {len(error.errors)} error(s), first: {error.errors[0]}",
                          players)
    except (RecursionError, MemoryError) as error:
        return GameResult(files, None, f"cannot check ({type(error).__name__})", players)


@lru_cache(maxsize=4)
def _module(module: str, stamp: tuple[int, int]) -> ModuleInfo:
    return read_module(module)


def _stamp(path: str) -> tuple[int, int]:
    status = os.stat(path)
    return (status.st_mtime_ns, status.st_size)


def _override_notices(game_ids: Iterable[str], module: str, games_dir: PathArg | None) -> list[str]:
    """One line per game whose ``games_dir`` data differ from the module's own."""
    if games_dir is None:
        return []
    notices = []
    for game_id in sorted(game_ids):
        folder = Path(os.fspath(games_dir)) / game_id
        embedded = embedded_digests(module, game_id)
        if not (folder / "game.toml").is_file():
            continue
        if embedded is None:
            notices.append(f"{Path(module).name} carries no game data; checking with {folder}")
        elif changed := differences(folder, embedded):
            notices.append(f"{folder} differs from the game data inside {Path(module).name} "
                           f"({', '.join(changed[:3])}{' ...' if len(changed) > 3 else ''}); checking with {folder}")
    return notices


def _parallel(pool: Executor, work: Callable[..., R], tasks: list[tuple[Any, ...]],
              progress: ProgressFactory | None, label: str) -> list[R]:
    """``work(*task)`` for every task, results in task order, progress as they complete."""
    bar = progress(label, len(tasks)) if progress is not None and tasks else nullcontext(None)
    with bar as shown:
        futures = [pool.submit(work, *task) for task in tasks]
        for _ in as_completed(futures):
            if shown is not None:
                shown.update(1)
        return [f.result() for f in futures]


@contextmanager
def _executor(jobs: int | None, files: int, scheduler: str | None) -> Iterator[Executor]:
    """Dask's workers when a scheduler is named; else a process per core, or this process alone
    when one would do (a pool costs more than it saves for a single file)."""
    if scheduler is not None:
        with _dask(scheduler) as pool:
            yield pool
        return
    workers = min(jobs or os.cpu_count() or 1, files)
    if workers <= 1:
        yield _Here()
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield pool


@contextmanager
def _dask(address: str) -> Iterator[Executor]:
    try:
        from distributed import Client
    except ImportError:
        raise NoScheduler("a Dask scheduler needs the dask extra: pip install 'vmodgen[dask]'") from None
    try:
        client = Client(address, timeout=SCHEDULER_TIMEOUT)
    except (OSError, TimeoutError) as error:
        raise NoScheduler(f"cannot reach the Dask scheduler at {address} ({error})") from None
    with client:
        yield client.get_executor(pure=False)


class _Here(Executor):
    """Runs each task at once, in this process."""

    def submit(self, fn: Callable[..., R], /, *args: Any, **kwargs: Any) -> Future[R]:
        future: Future[R] = Future()
        future.set_result(fn(*args, **kwargs))
        return future
