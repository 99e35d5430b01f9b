"""Play a legal game of Kiev for the checker's tests: an ``oracle write`` script whose every
move the rules allow, so that the real engine writes a long log the checker must pass clean.

It plays from the set-up for ``--turns`` Game-Turns: reinforcements enter on legal entry hexes
on their turn (Soviet untried units taken from the palette, since the oracle cannot draw from a
deck), units move to destinations a legal path reaches (Stalin's Directive and mud included),
stacks stay within limits, and the Germans fight a few battles declared with markers, with the
die fixed and the result applied as the CRT says. Deterministic for a given seed.

    python tests/data/checks/kiev/play_legal.py --turns 5 > tests/data/checks/kiev/legal-game.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[4]
sys.path.insert(0, str(REPO))

from vmodgen.engine.hexes import Hex  # noqa: E402
from vmodgen.engine.model.loader import load_game  # noqa: E402
from vmodgen.engine.rules import combat, movement, reinforcements, results, retreat, stacking  # noqa: E402
from vmodgen.engine.rules.ags.kiev import stalin  # noqa: E402
from vmodgen.engine.rules.situation import Situation, UnitState  # noqa: E402
from vmodgen.engine.rules.supply import SupplyTracer  # noqa: E402

GAME = load_game(REPO / "games" / "kiev")
LAYOUT = GAME.map.layout


class Player:
    def __init__(self, seed: int, moves_per_phase: int) -> None:
        self.random = random.Random(seed)
        self.moves = moves_per_phase
        self.actions: list[dict] = []
        self.units = {c.id: UnitState(c, c.setup, c.setup_face == "back") for c in GAME.counters
                      if c.role == "setup"}
        self.used_pool: set[str] = set()
        self.refs: dict[str, str] = {}  # untried copies share a name: the oracle's @N of their add
        self.directive: dict[int, bool] = {}

    def act(self, action: dict) -> None:
        self.actions += [action, {"step": True}]

    def situation(self, turn: int, phase: int) -> Situation:
        return Situation(GAME, turn, phase, dict(self.units))

    # -- phases ------------------------------------------------------------------------------------

    def play(self, turns: int) -> list[dict]:
        """Every phase of ``turns`` Game-Turns."""
        return self.play_until(turns + 1, 0)[:-2]

    def play_until(self, turn: int, phase_index: int) -> list[dict]:
        """Play legally up to the start of a phase (the tracker then shows that phase)."""
        for current in range(1, turn + 1):
            for index, phase in enumerate(GAME.phases):
                if (current, index) == (turn, phase_index):
                    return self.actions
                if phase.kind in ("movement", "mech_movement"):
                    self.movement_phase(current, index)
                elif phase.kind == "combat" and phase.side == "German":
                    self.combat_phase(current, index)
                self.act({"turn": "next"})
        return self.actions

    def movement_phase(self, turn: int, index: int) -> None:
        phase = GAME.phases[index]
        start = self.situation(turn, index)
        if not movement.may_move_in_phase(start, next(k for k, u in start.units.items()
                                                       if u.side == phase.side)).is_legal:
            return
        line = self._directive(turn, index) if phase.side == stalin.directive_side(GAME) else None
        tracer = SupplyTracer(start)  # supply is judged before anything moves (AGS 12.21)
        entered = self.reinforce(turn, index) if phase.kind == "movement" else set()
        start = self.situation(turn, index)
        keys = sorted(k for k, u in start.on_map(phase.side))
        self.random.shuffle(keys)
        moved = 0
        for key in keys:
            if moved >= self.moves:
                break
            if key in entered:
                continue  # it spent its movement coming on
            now = self.situation(turn, index)
            if not movement.may_move_in_phase(now, key).is_legal:
                continue
            allowance = movement.movement_allowance(now, key, tracer.state(key).in_supply)
            target = self._destination(now, key, allowance, line)
            if target is not None:
                self._move(key, target)
                moved += 1

    def reinforce(self, turn: int, index: int) -> set[str]:
        side = GAME.phases[index].side
        due = [c for c in GAME.counters if c.side == side and reinforcements.scheduled_areas(GAME, c, turn)
               and c.id not in self.units and (c.role != "pool" or c.id not in self.used_pool)]
        wanted = {}
        for row in GAME.reinforcements:
            if row.turn == turn and row.side == side:
                wanted[row.type] = wanted.get(row.type, 0) + row.count
        chosen = []
        for counter in due:
            if counter.role == "pool":
                group = GAME.group_of(counter.type) or counter.type
                if wanted.get(group, 0) <= 0:
                    continue
                wanted[group] -= 1
                self.used_pool.add(counter.id)
            chosen.append(counter)
        for counter in chosen:
            self.units[counter.id] = UnitState(counter, None, counter.setup_face == "back")
            now = self.situation(turn, index)
            entry = reinforcements.entry_check(now, counter.id)
            hexes = sorted(entry.entries, key=lambda h: (len(now.at(h)), h))
            allowance = movement.movement_allowance(now, counter.id, True)
            route = self._entry_route(now, counter.id, hexes, entry.entries, allowance)
            if route is None:
                raise SystemExit(f"no legal way in for {counter.name} on turn {turn}: {entry.message}")
            for target in route:
                if counter.role == "pool" and counter.id not in self.refs:
                    self.refs[counter.id] = f"@{len(self.actions)}"
                    self.act({"add": {"slot": counter.name, "map": GAME.map.board, "location": LAYOUT.name(target)}})
                else:
                    self.act({"move": {"piece": self._ref(counter.id), "map": GAME.map.board,
                                       "location": LAYOUT.name(target)}})
            self.units[counter.id] = UnitState(counter, route[-1], counter.setup_face == "back")
        return {c.id for c in chosen}

    def _entry_route(self, now: Situation, key: str, hexes: list[Hex], entries: frozenset[Hex],
                     allowance: movement.Allowance) -> list[Hex] | None:
        """An entry hex where the unit may stay, or an entry hex and a legal hex beyond it."""
        for first in hexes:
            if movement.movement_check(now, key, [first], allowance, entries=entries).is_legal \
                    and self._stack_ok(now, key, first):
                return [first]
        for first in hexes:
            for second in LAYOUT.within(first, 3):
                if second != first and self._stack_ok(now, key, second) and movement.movement_check(
                        now, key, [first, second], allowance, entries=entries).is_legal:
                    return [first, second]
        return None

    def combat_phase(self, turn: int, index: int) -> None:
        now = self.situation(turn, index)
        tracer = SupplyTracer(now)
        battles = 0
        done: set[str] = set()
        for key, unit in sorted(now.on_map("German")):
            if battles >= 2 or key in done or now.unit_type(key).unit_class in ("hq", "leader"):
                continue
            # an Attack marker stands for its whole stack (the checker's reading of AGS 9.22)
            attackers = [k for k in now.at(unit.hex) if now.units[k].side == "German"]
            for target in LAYOUT.neighbours(unit.hex):
                defenders = [k for k in now.at(target) if now.units[k].side == "Soviet"]
                if not defenders or any(now.units[k].untried or now.units[k].counter.steps != 1
                                        or k in self.refs for k in defenders):
                    continue
                if any(d in done for d in defenders + attackers):
                    continue
                supply = {k: tracer.state(k).in_supply for k in [*attackers, *defenders]}
                odds = combat.combat_odds(now, attackers, target, supply)
                if not odds.column:
                    continue
                die = next((d for d in range(1, 7) if self._defender_only(odds.column, d)), None)
                if die is None or self._retreat_open(turn, index, defenders, odds.column, die):
                    continue
                battles += 1
                done.update([*attackers, *defenders])
                self.act({"add": {"slot": f"Attack {battles}", "map": GAME.map.board,
                                  "location": LAYOUT.name(unit.hex)}})
                self.act({"add": {"slot": f"Defend {battles}", "map": GAME.map.board,
                                  "location": LAYOUT.name(target)}})
                self.act({"dice": {"button": "1d6", "result": [die]}})
                for defender in defenders:
                    self.act({"key": {"piece": GAME.counter(defender).name, "command": "Eliminate"}})
                    self.units[defender] = UnitState(GAME.counter(defender), None, False)
                self.act({"delete": {"piece": f"Attack {battles}"}})
                self.act({"delete": {"piece": f"Defend {battles}"}})
                break

    # -- helpers ----------------------------------------------------------------------------------

    def _directive(self, turn: int, index: int) -> stalin.DirectiveLine | None:
        roll_turns = GAME.param("stalin_directive_roll_turns")
        die = None
        if turn in roll_turns:
            die = 6  # a 6 (7 with the modifier) is "not in effect" on the table
            self.act({"dice": {"button": "1d6", "result": [die]}})
        state = stalin.directive_in_effect(GAME, turn, die=die, previous=self.directive.get(turn - 1))
        self.directive[turn] = bool(state.in_effect)
        return stalin.directive_line(GAME) if state.in_effect else None

    def _destination(self, now: Situation, key: str, allowance: movement.Allowance,
                     line: stalin.DirectiveLine | None) -> Hex | None:
        unit = now.units[key]
        candidates = [h for h in LAYOUT.within(unit.hex, 4) if h != unit.hex and not now.at(h)]
        self.random.shuffle(candidates)
        bound = line is not None and stalin.bound_by_directive(now, key, line)
        rule = stalin.directive_step_rule(now, key, line) if line is not None else None
        for target in candidates[:12]:
            if bound and target.col > unit.hex.col:
                continue
            verdict = movement.movement_check(now, key, [target], allowance, step_rule=rule)
            if verdict.is_legal:
                return target
        return None

    def _stack_ok(self, now: Situation, key: str, hex_: Hex) -> bool:
        after = now.moved(key, hex_)
        return not stacking.stacking_violations(after, now.units[key].side)

    def _defender_only(self, column: str, die: int) -> bool:
        result = results.crt_result(GAME, column, die)
        return result.attacker.kind == results.NONE and result.defender.kind in (results.NUMBER, results.ELIMINATED)

    def _retreat_open(self, turn: int, index: int, defenders: list[str], column: str, die: int) -> bool:
        """Whether a retreat the result calls for is open to a defender: the player eliminates the
        defenders, which is legal only when none could retreat (AGS 9.71, Kiev 19.7)."""
        result = results.crt_result(GAME, column, die)
        if result.defender.kind != results.NUMBER:
            return False
        now = self.situation(turn, index)
        ground = retreat.RetreatGround.of(now, "Soviet", [now], defenders)
        return any(ground.open_end(key, result.defender.number) is not None for key in defenders)

    def _ref(self, key: str) -> str:
        return self.refs.get(key, GAME.counter(key).name)

    def _move(self, key: str, target: Hex) -> None:
        unit = self.units[key]
        self.act({"move": {"piece": self._ref(key), "location": LAYOUT.name(target)}})
        self.units[key] = UnitState(unit.counter, target, unit.showing_back)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=5)
    parser.add_argument("--moves", type=int, default=30, help="moves per side and movement phase")
    parser.add_argument("--seed", type=int, default=1941)
    args = parser.parse_args()
    actions = Player(args.seed, args.moves).play(args.turns)
    json.dump({"player_name": "tester", "actions": actions}, sys.stdout, indent=0)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
