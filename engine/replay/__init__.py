"""Replaying VASSAL saves and logs into a game state, step by step (no rules knowledge here)."""

from vmodgen.engine.replay.events import (BoardsChanged, Change, Chat, DiceRoll, Event, PieceAdded, PieceChanged,
                                  PieceMoved, PieceRemoved, PropertyChanged, TurnChanged, Undo)
from vmodgen.engine.replay.replay import Replay, Step
from vmodgen.engine.replay.state import GameState, PieceView, Player

__all__ = ["BoardsChanged", "Change", "Chat", "DiceRoll", "Event", "GameState", "PieceAdded", "PieceChanged",
           "PieceMoved", "PieceRemoved", "PieceView", "Player", "PropertyChanged", "Replay", "Step",
           "TurnChanged", "Undo"]
