"""Terrain effects [AGS 10.0]: what it costs to enter a hex, and how terrain multiplies a
defender's strength. Every number comes from ``charts/terrain.toml`` and ``[rules.*]``.

>>> entry_cost(game, game.unit_types["tank"], "Soviet", here, there).mp   # doctest: +SKIP
Fraction(1, 2)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from vmodgen.engine.hexes import Hex
from vmodgen.engine.model.charts import TerrainType
from vmodgen.engine.model.game import Game
from vmodgen.engine.model.units import UnitType
from vmodgen.engine.rules.positions import of_map
from vmodgen.engine.rules.verdict import CannotCheck, cite, game_case, hex_name, param

PROHIBITED = "P"
OTHER_TERRAIN = "terrain"   # "the cost (or effect) of the other terrain in the hex"
ROAD = "road"
ALL_ATTACKERS_ACROSS = "all_attackers_across"
NO_MOVE_INTO = "no_move_into_"          # hexside key prefix: no_move_into_<hex terrain>
NO_MOVE_INTO_ENEMY_ZOC = "no_move_into_enemy_zoc"


@dataclass(frozen=True)
class Condition:
    """How the weather in force changes the Terrain Effects Chart for one move (a game's own
    rule supplies it, e.g. Rostov 20.22 and 20.23): the cost to enter a hex is multiplied
    (hexside costs are not), and some hexside features do not exist. A move judged under a
    condition that is not ``known`` is judged under the cheapest weather it could be. With
    ``terrain_turn`` the chart's ``by_turn`` entries for that Game-Turn replace a terrain type's
    own (Operation Star 19.32, 19.34: minor rivers from Game-Turn 8; :func:`in_force`). Entering
    one of ``extra_hexes`` costs ``extra_mp`` more, after the multiplier, by the rule ``extra_case``
    (Rostov 24.11: an Axis Air marker's hex; :func:`with_extra`)."""

    name: str
    hex_cost_multiplier: Fraction = Fraction(1)
    absent_hexsides: frozenset[str] = frozenset()
    case: str = ""
    known: bool = True         # False: the weather is not known, and this is the cheapest it could be
    terrain_turn: int | None = None
    extra_hexes: frozenset[Hex] = frozenset()
    extra_mp: Fraction = Fraction(0)
    extra_case: str = ""

    def extra(self, target: Hex) -> Fraction:
        """What entering ``target`` costs beyond the chart (and the multiplier)."""
        return self.extra_mp if target in self.extra_hexes else Fraction(0)


def with_extra(condition: Condition | None, hexes: frozenset[Hex], extra_mp: Fraction, case: str) -> Condition:
    """``condition`` (None: the chart as printed) with entering ``hexes`` costing ``extra_mp`` more
    by the rule ``case``; :func:`without_extra` takes it off again.

    >>> from vmodgen.engine.hexes import Hex
    >>> marked = with_extra(None, frozenset({Hex(8, 28)}), Fraction(1), "Rostov 24.11")
    >>> marked.extra(Hex(8, 28)), marked.extra(Hex(9, 29)), without_extra(marked)
    (Fraction(1, 1), Fraction(0, 1), None)
    """
    base = condition if condition is not None else Condition("")
    return replace(base, extra_hexes=hexes, extra_mp=extra_mp, extra_case=case)


def without_extra(condition: Condition | None) -> Condition | None:
    """The condition with no extra cost per hex (None when nothing else is left of it)."""
    if condition is None or not condition.extra_hexes:
        return condition
    if not condition.name:
        return None
    return replace(condition, extra_hexes=frozenset(), extra_mp=Fraction(0), extra_case="")


@dataclass(frozen=True)
class Entry:
    """The Movement Points to enter a hex from an adjacent one (``mp``), or, when prohibited
    (``mp is None``), the case and the reason."""

    mp: Fraction | None
    case: str = ""
    reason: str = ""
    by_rule: bool = False      # prohibited by a rule (Kiev 19.51), not by impassable terrain
    waived: Fraction | None = None   # what it would cost without that rule

    @property
    def prohibited(self) -> bool:
        return self.mp is None


def turn_effects(ttype: TerrainType, turn: int) -> dict[str, Any] | None:
    """The chart's ``by_turn`` entry for ``turn`` (keys "8-10" or "8"), or None.

    >>> from vmodgen.engine.model.charts import TerrainType
    >>> river = TerrainType("minor_river", "hexside", {"by_turn": {"8-10": {"defense": 2}}}, "", None)
    >>> turn_effects(river, 7), turn_effects(river, 8)
    (None, {'defense': 2})
    """
    for turns, effects in (ttype.get("by_turn") or {}).items():
        first, _, last = str(turns).partition("-")
        if int(first) <= turn <= int(last or first):
            return dict(effects)
    return None


def in_force(ttype: TerrainType, condition: Condition | None) -> TerrainType:
    """The terrain type as the chart has it under ``condition``: its ``by_turn`` entry for the
    condition's Game-Turn replaces the entries it names."""
    if condition is None or condition.terrain_turn is None:
        return ttype
    effects = turn_effects(ttype, condition.terrain_turn)
    return ttype if effects is None else replace(ttype, effects=ttype.effects | effects)


def hex_terrain(game: Game, hex_: Hex) -> TerrainType:
    if hex_ not in game.map.hexes:
        raise CannotCheck(f"the map gives no terrain for hex {hex_name(game, hex_)}")
    return game.terrain.types[game.map.terrain(hex_)]


def hex_cost(game: Game, unit_type: UnitType, target: Hex) -> Fraction | Entry:
    """What entering the hex itself costs (before hexsides and roads), or the prohibited Entry;
    worked out once per game, movement class and hex (the route search asks for it from each
    side of the hex, for each side and unit type)."""
    known = of_map(game, "hex entry costs", dict)
    found = known.get((unit_type.movement_class, target))
    if found is None:
        found = known[(unit_type.movement_class, target)] = _hex_cost_of(game, unit_type, target)
    return found


def _hex_cost_of(game: Game, unit_type: UnitType, target: Hex) -> Fraction | Entry:
    terrain = hex_terrain(game, target)
    cost = _number_or_prohibited(terrain, "cost", unit_type.movement_class)
    if cost is None:
        # AGS 10.16: no movement into an all-sea or all-lake hex (the chart's "P").
        return Entry(None, cite(game, "AGS 10.16"), f"{hex_name(game, target)} is {terrain.name} (prohibited)")
    place = game.map.places.get(target)
    if place is not None:
        place_cost = _place_cost(game, place.kind)
        if place_cost is not None:
            cost = place_cost   # AGS 10.22: one MP to enter a city hex, whatever else is in it
    return cost


def entry_cost(game: Game, unit_type: UnitType, side: str, source: Hex, target: Hex,
               condition: Condition | None = None) -> Entry:
    """Cost for a unit of ``unit_type`` and ``side`` to move from ``source`` into the adjacent
    ``target`` by normal movement, under the weather ``condition`` when one is given; raises
    CannotCheck when the chart lacks a value."""
    cost = hex_cost(game, unit_type, target)
    if isinstance(cost, Entry):
        return cost
    if condition is not None:
        cost *= condition.hex_cost_multiplier
    if unit_type.uses_roads:
        road = line_rate(game, unit_type, source, target)
        if road is not None:
            cost = road         # AGS 10.23, 11.21: the road rate along a road crossing the hexside
    if condition is not None:
        cost += condition.extra(target)     # Rostov 24.11: a marker's hex costs more to enter
    features = [f for f in game.map.features(source, target)
                if condition is None or f not in condition.absent_hexsides]
    for feature in features:
        ftype = in_force(game.terrain.types[feature], condition)
        extra = _side_value(ftype, "extra_cost", side)
        if extra is None:
            # AGS 10.16: no movement through an all-sea or all-lake hexside.
            return Entry(None, cite(game, "AGS 10.16"),
                         f"the {feature} hexside {hex_name(game, source)}/{hex_name(game, target)} is impassable")
        cost += extra           # AGS 10.31: hexside costs add to the cost of the hex entered
    for feature in features:
        blocked = _no_move_into(game, game.terrain.types[feature], source, target, hex_terrain(game, target).name)
        if blocked is not None:
            return replace(blocked, waived=cost)
    return Entry(cost)


def _no_move_into(game: Game, feature: TerrainType, source: Hex, target: Hex, terrain: str) -> Entry | None:
    # Kiev 19.51: no move across a major river directly into a swamp hex unless a road crosses
    # that hexside (the chart says it as `no_move_into_swamp = { unless = [...] }`).
    rule = feature.get(NO_MOVE_INTO + terrain)
    if rule is None:
        return None
    unless = rule.get("unless", []) if isinstance(rule, dict) else []
    known = {"road_crosses_hexside", "rail_movement"}
    if any(u not in known for u in unless):
        raise CannotCheck(f"terrain.{feature.name}.{NO_MOVE_INTO}{terrain} has an exception this checker "
                          f"does not know: {unless}")
    if "road_crosses_hexside" in unless and game.map.line_crosses(ROAD, source, target):
        return None
    return Entry(None, game_case(game, "river_into_swamp"),
                 f"no move across the {feature.name} hexside {hex_name(game, source)}/{hex_name(game, target)} "
                 f"into the {terrain} hex {hex_name(game, target)} without a road crossing it", by_rule=True)


def _number_or_prohibited(ttype: TerrainType, key: str, column: str) -> Fraction | None:
    value = ttype.get(key)
    if isinstance(value, dict):
        if column not in value:
            raise CannotCheck(f"terrain.{ttype.name}.{key} has no value for {column!r}")
        value = value[column]
    if value == PROHIBITED:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise CannotCheck(f"terrain.{ttype.name}.{key} is {value!r}, not a number or 'P'")
    return Fraction(value)


def _place_cost(game: Game, kind: str) -> Fraction | None:
    """A place's own entry cost, or None when it takes the other terrain's ("terrain")."""
    ptype = game.terrain.types[kind]
    value = ptype.get("cost")
    if value == OTHER_TERRAIN:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise CannotCheck(f"terrain.{kind}.cost is {value!r}: say a number or 'terrain'")
    return Fraction(value)


def line_rate(game: Game, unit_type: UnitType, source: Hex, target: Hex) -> Fraction | None:
    """The cheapest line rate (road) a road-using unit pays from source to target, if any; worked
    out once per game, movement class and hexside crossing (both sides ask for it)."""
    known = of_map(game, "line rates", dict)
    key = (unit_type.movement_class, source, target)
    if key not in known:
        known[key] = _line_rate_of(game, unit_type, source, target)
    return known[key]  # type: ignore[no-any-return]


def _line_types(game: Game) -> dict[str, TerrainType]:
    return of_map(game, "line terrain types", lambda: game.terrain.of_kind("line"))


def _line_rate_of(game: Game, unit_type: UnitType, source: Hex, target: Hex) -> Fraction | None:
    best: Fraction | None = None
    river = any("river" in f for f in game.map.features(source, target))
    for name, ltype in _line_types(game).items():
        if not game.map.line_crosses(name, source, target) or (river and not _crosses_rivers(ltype)):
            continue
        rate = road_rate(ltype, unit_type)
        if rate is not None and (best is None or rate < best):
            best = rate
    return best


def _crosses_rivers(ltype: TerrainType) -> bool:
    """Whether a line carries its rate across a river hexside (PGG 11.13: roads do not, for
    movement): ``crosses_rivers = { movement = false }`` in its chart entry; true unless said."""
    rule = ltype.get("crosses_rivers")
    return not (isinstance(rule, dict) and rule.get("movement") is False)


def road_rate(ltype: TerrainType, unit_type: UnitType) -> Fraction | None:
    """What a road-using unit pays along this line: its own column's number, else the line's one
    numeric rate (AGS 11.21: HQs pay infantry costs but move along roads as mechanized units)."""
    cost = ltype.get("cost")
    if not isinstance(cost, dict):
        return None
    own = cost.get(unit_type.movement_class)
    if isinstance(own, (int, float)) and not isinstance(own, bool):
        return Fraction(own)
    rates = {Fraction(v) for v in cost.values() if isinstance(v, (int, float)) and not isinstance(v, bool)}
    if len(rates) > 1:
        raise CannotCheck(f"terrain.{ltype.name}.cost gives several rates and none for {unit_type.movement_class!r}")
    return next(iter(rates), None)


def _side_value(ttype: TerrainType, key: str, side: str) -> Fraction | None:
    value = ttype.get(key)
    if value is None:
        raise CannotCheck(f"terrain.{ttype.name} has no {key}")
    if isinstance(value, dict):
        if side not in value:
            raise CannotCheck(f"terrain.{ttype.name}.{key} has no value for side {side!r}")
        value = value[side]
    if value == PROHIBITED:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise CannotCheck(f"terrain.{ttype.name}.{key} is {value!r}, not a number or 'P'")
    return Fraction(value)


# ---------------------------------------------------------------------------------- defense


@dataclass(frozen=True)
class DefenseTerrain:
    """The terrain multiplier of a defender's strength, the bonuses that made it, and, when an
    attacker attacks across a prohibited hexside, why the attack may not happen."""

    multiplier: int
    bonuses: tuple[str, ...] = ()
    prohibited: str = ""


def defense_multiplier(game: Game, defender: Hex, attackers: Iterable[Hex],
                       in_supply: bool | None = None, condition: Condition | None = None) -> DefenseTerrain:
    """Terrain multiplier for units in ``defender`` attacked from the ``attackers`` hexes, under
    the weather ``condition`` (its absent hexside features give no bonus, Rostov 20.23).

    ``in_supply`` matters only in the Kiev city hex (Kiev 19.53); None there means unknown and
    raises CannotCheck."""
    attacker_hexes = sorted(set(attackers))
    bonuses: list[tuple[str, int]] = []
    terrain = hex_terrain(game, defender)
    value = _defense_value(terrain)
    if value is None:
        raise CannotCheck(f"{hex_name(game, defender)} is {terrain.name}: no unit can defend there")
    if value > 1:
        bonuses.append((terrain.name, value))           # AGS 10.4 (woods, rough: doubled)
    place = game.map.places.get(defender)
    if place is not None:
        city = _city_bonus(game, defender, place.kind, in_supply)
        if city > 1:
            bonuses.append((place.kind, city))          # AGS 10.26; Kiev 19.53
    across, prohibited = _hexside_bonus(game, defender, attacker_hexes, condition)
    if prohibited:
        return DefenseTerrain(1, (), prohibited)
    if across is not None:
        bonuses.append(across)
    if not bonuses:
        return DefenseTerrain(1)
    cap = int(param(game, "terrain_defense_cap", "AGS 10.32"))
    if len(bonuses) > 1:
        # AGS 10.32: a unit entitled to more than one defensive bonus is tripled, never more.
        multiplier = int(param(game, "multiple_terrain_bonuses_multiplier", "AGS 10.32"))
    else:
        multiplier = bonuses[0][1]
    return DefenseTerrain(min(multiplier, cap), tuple(name for name, _ in bonuses))


def _defense_value(ttype: TerrainType) -> int | None:
    value = ttype.get("defense")
    if value == PROHIBITED:
        return None
    if value == OTHER_TERRAIN:
        return 1
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise CannotCheck(f"terrain.{ttype.name}.defense is {value!r}, not a multiplier")
    return int(value)


def _city_bonus(game: Game, hex_: Hex, kind: str, in_supply: bool | None) -> int:
    special = game.rules.get("kiev_city_hex")
    if special is not None and hex_name(game, hex_) == str(special.value):
        # Kiev 19.53: supplied units in Kiev are tripled; out of supply doubled (then halved).
        if in_supply is None:
            raise CannotCheck(f"the defense of {hex_name(game, hex_)} depends on the defenders' supply, "
                              "which is not known", game_case(game, "city_defense", "AGS 10.26"))
        name = "kiev_city_defense_in_supply" if in_supply else "kiev_city_defense_out_of_supply"
        return int(param(game, name, game_case(game, "city_defense", "AGS 10.26")))
    return _defense_value(game.terrain.types[kind]) or 1


def _hexside_bonus(game: Game, defender: Hex, attackers: list[Hex],
                   condition: Condition | None = None) -> tuple[tuple[str, int] | None, str]:
    """The river bonus (AGS 10.12, 10.14): only when every attacker attacks across such a
    hexside, and then the smallest of the attackers' bonuses. Also says when an attack crosses a
    prohibited hexside (AGS 10.16)."""
    absent = condition.absent_hexsides if condition is not None else frozenset()
    best_per_attacker: list[tuple[str, int] | None] = []
    for attacker in attackers:
        if not game.map.layout.adjacent(attacker, defender):
            raise ValueError(f"{hex_name(game, attacker)} is not adjacent to {hex_name(game, defender)}")
        best: tuple[str, int] | None = None
        for feature in game.map.features(attacker, defender):
            if feature in absent:
                continue
            ftype = in_force(game.terrain.types[feature], condition)
            value = _defense_value(ftype)
            if value is None:
                return None, (f"no attack across the {feature} hexside "
                              f"{hex_name(game, attacker)}/{hex_name(game, defender)}")
            if value <= 1:
                continue
            when = ftype.get("defense_when")
            if when != ALL_ATTACKERS_ACROSS:
                raise CannotCheck(f"terrain.{feature}.defense_when is {when!r}: the checker knows only "
                                  f"{ALL_ATTACKERS_ACROSS!r}")
            if best is None or value > best[1]:
                best = (feature, value)
        best_per_attacker.append(best)
    if not best_per_attacker or any(b is None for b in best_per_attacker):
        return None, ""
    weakest = min((b for b in best_per_attacker if b is not None), key=lambda b: b[1])
    return (f"{weakest[0]} hexsides", weakest[1]), ""


def chart_value(ttype: TerrainType, key: str) -> Any:
    """A chart entry that must be present (``blocks_zoc``, ``supply``); CannotCheck otherwise."""
    value = ttype.get(key)
    if value is None:
        raise CannotCheck(f"terrain.{ttype.name} has no {key}")
    return value


def entry_cost_from_edge(game: Game, unit_type: UnitType, target: Hex, condition: Condition | None = None) -> Entry:
    """Cost for a reinforcement to enter the map at ``target`` [AGS 15.0: "the necessary
    Movement Point cost must be paid to place a unit in the entry hex"]: the hex's own cost
    (under the weather ``condition``), or the road rate when a road runs through it (the road
    runs on off the map)."""
    cost = hex_cost(game, unit_type, target)
    if isinstance(cost, Entry):
        return cost
    if condition is not None:
        cost *= condition.hex_cost_multiplier
    if unit_type.uses_roads:
        for name, ltype in _line_types(game).items():
            if target in game.map.hexes_with_line(name):
                rate = road_rate(ltype, unit_type)
                if rate is not None and rate < cost:
                    cost = rate
    if condition is not None:
        cost += condition.extra(target)     # Rostov 24.11
    return Entry(cost)
