"""Stable palette ids (gpids) derived from the data's unit ids.

A piece in a saved game remembers the gpid of the palette slot it came from; VASSAL's Refresh
Counters finds the slot by it. Deriving gpids from the unit ids (never from the order of the
rows) keeps old games refreshable after errata. The engine wants integer gpids.
"""

from __future__ import annotations

import hashlib


class GpidCollision(ValueError):
    """Two slots hash to one gpid; renaming one id (or the slot kind) resolves it."""


def gpid_for(game_id: str, slot_kind: str, item_id: str) -> str:
    """A positive integer below 2**28, the same on every build for the same names."""
    digest = hashlib.sha256(f"{game_id}/{slot_kind}/{item_id}".encode()).hexdigest()
    return str(int(digest[:7], 16) + 1)


class GpidRegistry:
    """Hands out gpids and refuses duplicates, so a collision fails the build loudly."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self._owners: dict[str, str] = {}

    def gpid(self, slot_kind: str, item_id: str) -> str:
        value = gpid_for(self.game_id, slot_kind, item_id)
        owner = f"{slot_kind}/{item_id}"
        if self._owners.get(value, owner) != owner:
            raise GpidCollision(f"gpid {value} of {owner} collides with {self._owners[value]}")
        self._owners[value] = owner
        return value

    def next_free(self) -> int:
        """VASSAL's nextPieceSlotId: above every gpid in use."""
        return max((int(g) for g in self._owners), default=0) + 1
