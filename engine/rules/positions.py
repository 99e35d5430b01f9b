"""Work that depends only on where the units are, shared between the many questions asked about
one position.

A checker asks about every unit moved in a phase, each time with a slightly different position
(the units moved so far); but the enemy's units do not move in a friendly movement phase, so the
enemy's zones of control are the same for all of them. Results are kept per game, keyed by the
exact units they depend on, a bounded number at a time.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TypeVar

from vmodgen.engine.model.game import Game

T = TypeVar("T")
KEEP = 256


class _Store:
    def __init__(self, game: Game) -> None:
        self.game = game
        self.values: OrderedDict[Hashable, object] = OrderedDict()
        self.lasting: dict[Hashable, object] = {}


_STORES: dict[int, _Store] = {}


def _store(game: Game) -> _Store:
    store = _STORES.get(id(game))
    if store is None or store.game is not game:
        store = _STORES[id(game)] = _Store(game)
    return store


def of_map(game: Game, key: Hashable, work: Callable[[], T]) -> T:
    """``work()`` for something that depends on the map alone (kept for good)."""
    lasting = _store(game).lasting
    if key not in lasting:
        lasting[key] = work()
    return lasting[key]  # type: ignore[return-value]


def remembered(game: Game, key: Hashable, work: Callable[[], T]) -> T:
    """``work()``, or what it gave before for the same game and position key. Callers must not
    change what they get back."""
    store = _store(game)
    if key in store.values:
        store.values.move_to_end(key)
        return store.values[key]  # type: ignore[return-value]
    value = work()
    store.values[key] = value
    if len(store.values) > KEEP:
        store.values.popitem(last=False)
    return value
