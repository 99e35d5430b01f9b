"""Module-level components: player sides, options, turn tracker, dice, charts, palette."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from vmodgen.engine.model.game import Game
from vmodgen.engine.piece_properties import PHASE_LEVEL, TURN_LEVEL, entry_die_button
from vmodgen import keys
from vmodgen.maps import Slot, piece_slot
from vmodgen.traits import PieceDefinition
from vmodgen.unit_pieces import GROUP, STRENGTH
from vmodgen.xmlbuild import Element, child

B = "VASSAL.build.module."
W = "VASSAL.build.widget."
TURN_TRACKER = "Game Turn"
DIE = "1d6"


def player_roster(root: Element, game: Game) -> None:
    roster = child(root, B + "PlayerRoster", {
        "buttonText": "Retire", "buttonToolTip": "Switch sides, become observer, or release faction",
        "buttonKeyStroke": "", "buttonIcon": "",
    })
    for side in game.sides:
        child(roster, "entry", text=side.name)


def global_options(root: Element) -> None:
    child(root, B + "GlobalOptions", {
        "autoReport": "Always", "chatterHTMLSupport": "Never",
        # the turn tracker's phase-change key must reach the map's clear-moved button and the
        # Global Key Commands even when their toolbar is hidden
        "hotKeysOnClosedWindows": "Always",
        "nonOwnerUnmaskable": "Never", "playerIdFormat": "$PlayerName$",
        "promptString": "Opponents can unmask pieces",
    })


def turn_tracker(root: Element, game: Game) -> None:
    """Game-Turns 1..N, each with the game's phases in order (so a log's TURN commands name
    the phase every later move was made in)."""
    tracker = child(root, B + "turn.TurnTracker", {
        "name": TURN_TRACKER, "buttonText": "Turn", "buttonTooltip": "Turn and phase",
        "icon": "", "hotkey": "", "nexthotkey": keys.NEXT_TURN, "prevhotkey": "",
        "turnFormat": "Turn $level1$: $level2$", "reportFormat": "* $newTurn$",
        "tooltip": "Turn and phase", "length": -1, "lengthStyle": "Maximum",
    })
    turns = child(tracker, B + "turn.CounterTurnLevel", {
        "name": TURN_LEVEL, "property": TURN_LEVEL, "start": 1, "incr": 1, "loop": False,
        "loopLimit": -1, "turnFormat": "$value$",
    })
    child(turns, B + "turn.ListTurnLevel", {
        "name": PHASE_LEVEL, "property": PHASE_LEVEL, "list": ",".join(p.name for p in game.phases),
        "configFirst": False, "configList": False, "prompt": "", "turnFormat": "$value$",
    })
    # Every phase change presses NEW_PHASE: the main map clears its moved flags on it, and the
    # Game-Turn marker's Global Key Command moves the marker to the current turn's box.
    child(tracker, B + "turn.TurnGlobalHotkey", {
        "name": "New phase", "hotkey": keys.NEW_PHASE, "match": "", "reportFormat": "",
    })


def follow_turn_command(root: Element, marker_unit: str) -> None:
    """A Global Key Command, with no button, that the turn tracker's NEW_PHASE starts: it sends
    FOLLOW_TURN to the Game-Turn marker, which then goes to the box of the current Game-Turn."""
    child(root, B + "GlobalKeyCommand", {
        "name": "Game-Turn marker follows the turn tracker", "buttonText": "", "tooltip": "", "icon": "",
        "buttonHotkey": keys.NEW_PHASE, "hotkey": keys.FOLLOW_TURN, "singleMap": False,
        "filter": f"Unit={marker_unit}", "deckCount": -1, "reportSingle": True, "reportFormat": "",
    })


def dice_button(root: Element, name: str = DIE, tooltip: str = "Roll one six-sided die",
                hotkey: str = keys.ROLL_DIE, dice: int = 1, sides: int = 6) -> None:
    """A DiceButton; with several dice its ``<name>_result`` is their sum (``reportTotal``)."""
    child(root, B + "DiceButton", {
        "name": name, "text": name, "tooltip": tooltip, "icon": "",
        "hotkey": hotkey, "nDice": dice, "nSides": sides, "plus": 0, "addToTotal": 0,
        "reportTotal": dice > 1, "prompt": False, "sortDice": False, "keepDice": False,
        "keepOption": ">", "keepCount": 1,
        "reportFormat": "** $name$ = $result$ *** &lt;$PlayerName$&gt;",
    })


def test_dice(root: Element, game: Game) -> None:
    """The game's labelled buttons (``[[dice]]``), one per test its rules roll for, in the data's order."""
    for test in game.dice:
        what = f"{test.dice} dice" if test.dice > 1 else "one die"
        dice_button(root, test.name, f"Roll {what} (d{test.sides}) for: {test.name} ({test.case})", "",
                    test.dice, test.sides)


def chart_window(root: Element, charts: Sequence[tuple[str, str]]) -> None:
    window = child(root, B + "ChartWindow", {"name": "Charts", "text": "Charts",
                                            "tooltip": "Combat, terrain, reinforcement and sequence charts",
                                            "icon": "", "hotkey": ""})
    tabs = child(window, W + "TabWidget", {"entryName": "Charts"})
    for title, image in charts:
        child(tabs, W + "Chart", {"chartName": title, "fileName": image, "description": title})


def prototypes(root: Element, definitions: Iterable[tuple[str, PieceDefinition]]) -> None:
    container = child(root, B + "PrototypesContainer")
    for name, definition in definitions:
        child(container, B + "PrototypeDefinition", {"name": name, "description": ""},
              text=definition.add_command())


def palette(root: Element, tabs: Sequence[tuple[str, Sequence[tuple[str, Sequence[Slot]]]]]) -> None:
    """Counters window: a tab per side (and markers), a list per formation or type."""
    window = child(root, B + "PieceWindow", {
        "name": "Counters", "text": "Counters", "tooltip": "Show/hide the counter palette",
        "hidden": False, "icon": "", "hotkey": "", "scale": 1.0, "defaultWidth": 0,
    })
    tab_widget = child(window, W + "TabWidget", {"entryName": "Counters"})
    for tab_name, groups in tabs:
        panel = child(tab_widget, W + "ListWidget", {"entryName": tab_name, "scale": 1.0,
                                                     "width": 0, "height": 0, "divider": 180})
        for group_name, slots in groups:
            group = child(panel, W + "PanelWidget", {"entryName": group_name, "fixed": False,
                                                     "nColumns": 6, "vert": False, "scale": 1.0})
            for slot in slots:
                piece_slot(group, slot)


def inventory(root: Element) -> None:
    """Piece inventory: per side, where each unit is (the game map, the turn track with its pools
    and arrivals, the dead pile), by formation (untried units by their draw pool only)."""
    child(root, B + "Inventory", {
        "name": "Inventory", "text": "Inventory", "tooltip": "Units per side: on the map, waiting, eliminated",
        "icon": "", "hotkey": "", "include": "{Side!=\"\" && Unit!=\"\"}",
        "groupBy": f"Side,CurrentMap,{GROUP}", "nonLeafFormat": "$PropertyValue$",
        "leafFormat": f"$PieceName$ ${STRENGTH}$ ($LocationName$)", "centerOnPiece": True,
        "forwardKeystroke": True, "showMenu": True, "sides": "", "keystroke": "",
        "cutRoot": -1, "cutLeaves": -1, "pieceZoom": 0.33, "drawPieces": False, "foldersOnly": False,
        "sortPieces": True, "sortFormat": "$PieceName$", "sorting": "alpha",
    })


def notes_window(root: Element) -> None:
    child(root, B + "NotesWindow", {"buttonText": "Notes", "tooltip": "Scenario, public and private notes",
                                    "icon": "", "hotkey": "", "description": ""})


def setup_file(scenario: str) -> str:
    """The module archive's saved game of a scenario (``vmodgen.scenario_setups``)."""
    return f"scenario-{scenario}.vsav"


def scenarios(root: Element, game: Game) -> None:
    """File > New game menu: the game as the book sets it up (the module's at-start stacks), or, for a
    game whose book has several scenarios (``scenarios/``), one entry per scenario in the book's order,
    each starting from its saved game."""
    menu = child(root, B + "PredefinedSetup", {"name": "Scenarios", "file": "", "useFile": False,
                                              "isMenu": True, "description": ""})
    if game.scenarios:
        for scenario in sorted(game.scenarios, key=lambda s: s.order):
            turns = scenario.turns.value
            child(menu, B + "PredefinedSetup", {
                "name": f"{scenario.title}" + (f" ({turns} turns)" if turns else ""),
                "file": setup_file(scenario.name), "useFile": True, "isMenu": False, "description": "",
            })
        return
    turns = game.turns.value
    child(menu, B + "PredefinedSetup", {
        "name": f"{game.title}: the whole game" + (f" ({turns} Game-Turns)" if turns else ""),
        "file": "", "useFile": False, "isMenu": False, "description": "",
    })


@dataclass(frozen=True)
class EntryDie:
    """A labelled dice button for arrivals whose entry area a die names (reinforcements.csv
    ``areas_by = die``: PGG 14.11's provisional reinforcements), apart from the battle die so that
    a roll for an entry area is never read as a battle's."""

    name: str
    tooltip: str


def entry_dice(game: Game) -> list[EntryDie]:
    """One button per kind of die-decided arrival (side, unit group and areas)."""
    found: dict[tuple[str, str, tuple[str, ...]], EntryDie] = {}
    for row in game.reinforcements:
        if row.areas_by != "die" or (row.side, row.type, row.areas) in found:
            continue
        what = f"{row.side} {game.plain_name(row.type)}"
        areas = ", ".join(f"{n} = area {area}" for n, area in enumerate(row.areas, start=1))
        cases = row.source.detail.removeprefix("rules:").split("(")[0].strip()
        found[(row.side, row.type, row.areas)] = EntryDie(
            entry_die_button(row.side, game.plain_name(row.type)),
            f"Roll for where this turn's {what} arrival enters: {areas} ({cases})")
    return list(found.values())
