"""Writes ../units.csv: how the counter list was first written from the rulebook (the book prints
no counter manifest). units.csv is the data a maintainer edits; this script records the reasoning
that laid it out, and reproduces the file: python sources/make_units.py > units.csv

Case numbers refer to rules/004_2a79c5b170466d88.txt. Doubts: sources/counters-notes.md.
"""

from __future__ import annotations

import csv
import sys

COLUMNS = ("id,side,type,size,designation,formation,name,attack,defense,movement,leadership,leadership_source,"
           "front_source,back,back_attack,back_defense,back_movement,back_source,steps,asterisk,setup,setup_face,"
           "entry_turn,entry_area,role,placement_source,notes").split(",")

RIFLE_COUNT, ARMORED_COUNT = 88, 12
RIFLE_BACK = ("reconstructed: every Soviet Rifle Division the book prints moves 6 (10.36: 6-8-6, 1-2-6; "
              "12.3: 0-1-6, 0-0-6); the untried side shows the Movement Allowance (2.0, 3.4)")
UNTRIED_FRONT = "unknown"

# (hexes, army, rifle, armored, leader id, leader name as printed, usual spelling) [5.1]
SOVIET_ARMIES = (
    (["4015"] * 6, "24 Army", 5, 1, "rakutin", "Rakutin", ""),
    (["2216"] * 6, "16 Army", 6, 0, "lukin", "Lukin", ""),
    (["1414"] * 4, "19 Army", 4, 0, "konev", "Konlev", "Konev"),
    (["0123"] * 3 + ["0124"] * 3 + ["0125"] * 2, "13 Army", 7, 1, "remezov", "Remezov", ""),
    (["0108"] * 3 + ["0109"] * 3 + ["0110"] * 3 + ["0111"], "20 Army", 6, 4, "kurochkin", "Kurochkin", ""),
)
SPREAD = {"13 Army": ("0123, 0124, 0125 and/or 0126", "0125"),
          "20 Army": ("0108-0115", "0111")}

# (turn, area, army, leader id, name as printed, usual spelling) [16.1]
SOVIET_LEADERS = (
    (1, "X", "", "rokossovsky", "Rokassovski", "Rokossovsky"),
    (1, "V", "22 Army", "yershakov", "Yershakov", ""),
    (2, "W", "30 Army", "khomenko", "Khomenko", ""),
    (3, "Z", "21 Army", "gerasimenko", "Gerisamenko", "Gerasimenko"),
    (4, "X", "28 Army", "kachalov", "Kachalov", ""),
    (7, "X", "29 Army", "maslennikov", "Maslennikov", ""),
    (8, "X", "31 Army", "dolmatov", "Dolmatov", ""),
    (9, "X", "49 Army", "zakharkin", "Zakharkin", ""),
    (10, "X", "32 Army", "vishnevsky", "Vishnevsky", ""),
    (11, "X", "33 Army", "onuprienko", "Onuprienko", ""),
)
LEADER_RATINGS = {"lukin": ("3", "rules: 11.22 (Lukin's rating is three)")}

# rifle counters whose values the book states [10.36 examples, 12.3]
KNOWN_RIFLES = {
    83: ("0", "0", "rules: 12.3 (Soviet units with no Attack or Defense Strength, removed on revelation: 0-0-6)",
         "phantom (12.3); how many 0-0-6 counters the sheet has is unknown: two are listed because 12.3 speaks of "
         "'certain units' (plural)"),
    84: ("0", "0", "rules: 12.3 (0-0-6)", "phantom (12.3); see sov-rifle-83"),
    85: ("6", "8", "rules: 10.36 (example: a 6-8-6 unit)", "the 10.36 example values; that such a counter exists "
         "is read from the example"),
    86: ("1", "2", "rules: 10.36 (example: a 1-2-6)", "the 10.36 example values; see sov-rifle-85"),
    87: ("0", "1", "rules: 12.3 (two Soviet Rifle Divisions with a Combat Strength of 0-1-6)", "defends only (12.3)"),
    88: ("0", "1", "rules: 12.3 (two Soviet Rifle Divisions with a Combat Strength of 0-1-6)", "defends only (12.3)"),
}

# (turn, area, corps, [(division, kind)]) [16.2]; kind: pz | mot | ss | inf | cav | pzgr (independent rgt)
GERMAN = (
    (1, "C", "39 Pz Corps", [("7", "pz"), ("12", "pz"), ("14", "mot"), ("20", "mot"), ("20", "pz")]),
    (2, "A", "57 Pz Corps", [("18", "mot"), ("19", "pz"), ("Lehr", "pzgr")]),
    (2, "B", "", [("6", "inf"), ("26", "inf")]),
    (3, "D", "", [("5", "inf"), ("35", "inf"), ("161", "inf")]),
    (3, "E", "47 Pz Corps", [("29", "mot"), ("17", "pz"), ("18", "pz")]),
    (3, "E", "46 Pz Corps", [("10", "pz"), ("DR", "ss"), ("GD", "pzgr")]),
    (3, "H", "24 Pz Corps", [("3", "pz"), ("4", "pz"), ("10", "mot"), ("1", "cav")]),
    (5, "E", "", [("263", "inf"), ("137", "inf"), ("23", "inf")]),
    (6, "E", "", [("258", "inf"), ("292", "inf")]),
    (7, "E", "", [("7", "inf"), ("15", "inf"), ("17", "inf"), ("268", "inf")]),
    (8, "F", "", [("252", "inf"), ("78", "inf")]),
    (9, "G", "", [("31", "inf"), ("34", "inf")]),
)
STEP2 = "rules: 9.63 (Panzer, Motorized, Mech and Cavalry units have two steps, the second on the reverse side)"
UNKNOWN_VALUES = ("the book states no value for this counter (only that a Panzer Division's three regiments total "
                  "8 Combat Strength Points at face value, 6.55)")


def row(**values: str) -> dict[str, str]:
    return {c: values.get(c, "") for c in COLUMNS}


def soviet() -> list[dict[str, str]]:
    rows = []
    rifles = iter(range(1, RIFLE_COUNT + 1))
    armored = iter(range(1, ARMORED_COUNT + 1))
    for hexes, army, n_rifle, n_armd, leader, printed, usual in SOVIET_ARMIES:
        spread, leader_hex = SPREAD.get(army, (hexes[0], hexes[0]))
        where = f"rules: 5.1 ({army} in {spread})"
        reason = ("" if army not in SPREAD else
                  f"; the hex among {spread} reconstructed: spread three to a hex, within stacking (5.0, 7.1)")
        units = [("rifle", next(rifles)) for _ in range(n_rifle)] + [("armored", next(armored)) for _ in range(n_armd)]
        for (kind, number), hex_ in zip(units, hexes):
            rows.append(combat(kind, number, setup=hex_, where=where + reason, army=army))
        rows.append(leader_row(leader, printed, usual, army, setup=leader_hex, where=where + reason))
    for turn, area, army, leader, printed, usual in SOVIET_LEADERS:
        rows.append(leader_row(leader, printed, usual, army, turn=turn, area=area))
    rows += [combat("rifle", n) for n in rifles]
    rows += [combat("armored", n) for n in armored]
    return rows


def combat(kind: str, number: int, setup: str = "", where: str = "", army: str = "") -> dict[str, str]:
    ident = f"sov-{kind}-{number:02d}"
    attack = defense = movement = ""
    front_source, notes = UNTRIED_FRONT, "values unknown: the book prints no counter manifest (sources/counters-notes.md)"
    if kind == "rifle" and number in KNOWN_RIFLES:
        attack, defense, front_source, notes = KNOWN_RIFLES[number]
        movement = "6"
    label = "Rifle Div" if kind == "rifle" else "Armd Div"
    return row(id=ident, side="Soviet", type=kind, size="XX", name=f"{label} #{number:02d}",
               attack=attack, defense=defense, movement=movement, front_source=front_source,
               back="untried", back_attack="-", back_defense="-", back_movement="6" if kind == "rifle" else "",
               back_source=RIFLE_BACK if kind == "rifle" else "unknown", steps="1",
               setup=setup, setup_face="back", role="setup" if setup else "pool",
               placement_source=where if setup else "",
               notes=(f"{army}: the book sets up untried units drawn at random by type (5.0, 12.1); the module "
                      f"places this counter; " if setup else "") + notes)


def leader_row(leader: str, printed: str, usual: str, army: str, setup: str = "", where: str = "",
               turn: int = 0, area: str = "") -> dict[str, str]:
    rating, rating_source = LEADER_RATINGS.get(leader, ("", "unknown"))
    name = f"{usual or printed} ({army})" if army else (usual or printed)
    notes = f"printed '{printed}' in the rules (OCR or typo); the usual spelling is {usual}" if usual else ""
    return row(id=f"sov-ldr-{leader}", side="Soviet", type="leader", size="",
               designation=army.split()[0] if army else "", formation=army, name=name, attack="-", defense="-",
               movement="10",
               leadership=rating, leadership_source=rating_source,
               front_source="rules: 3.4 (Soviet Leader: name, Leadership Value, Movement Allowance), 10.21 (MA ten), "
                            "10.22 (no Attack Strength), 10.1 c (defends with its rating)",
               back="none", back_attack="-", back_defense="-", back_movement="-",
               back_source="rules: 12.0 (Leaders are never untried)", steps="1",
               setup=setup, setup_face="front", entry_turn=str(turn) if turn else "", entry_area=area,
               role="setup" if setup else "reinforcement",
               placement_source=where if setup else f"rules: 16.1 (Game-Turn {turn}, Entrance Hex {area})",
               notes=notes)


def german() -> list[dict[str, str]]:
    rows = []
    for turn, area, corps, divisions in GERMAN:
        placement = f"rules: 16.2 (Game-Turn {turn}, Entrance Area {area}{', ' + corps if corps else ''})"
        for division, kind in divisions:
            rows += german_division(division, kind, turn, area, placement)
    return rows


def german_division(division: str, kind: str, turn: int, area: str, placement: str) -> list[dict[str, str]]:
    common = dict(side="German", setup_face="front", entry_turn=str(turn), entry_area=area, role="reinforcement",
                  placement_source=placement)
    if kind == "inf":
        return [row(id=f"ger-xx-{division}-inf", type="infantry", size="XX", designation=division,
                    name=f"{division} Inf Div", attack="9", defense="9", movement="7",
                    front_source="rules: 9.63 (German Infantry Divisions: 9-7 at full strength), 11.31 (a 9-7 German "
                                 "Infantry Division); one Combat Strength for attack and defense (3.4)",
                    back="none", back_attack="-", back_defense="-", back_movement="-",
                    back_source="reconstructed: 9.61 replaces the counter by the next Strength Level Marker at each "
                                "step lost, so no step is printed on its back (the book does not describe the back)",
                    steps="4", notes="steps: 9-7, 4-7, 2-7, 1-7 by Strength Level Markers (9.61, 9.63; game.toml "
                                     "rules.strength_levels)", **common)]
    if kind == "cav":
        return [two_step(f"ger-xx-{division}-cav", "cavalry", "XX", division, "", f"{division} Cav Div", common)]
    if kind == "pzgr":
        name = "Gross Deutschland PzGr Rgt" if division == "GD" else f"{division} PzGr Rgt"
        return [two_step(f"ger-iii-{division.lower()}", "panzer_grenadier", "III", division, "", name, common,
                         "independent regiment (16.2); not part of a division, so never integrated (7.3)")]
    if kind == "pz":
        formation = f"{division} Pz"
        panzer = "20/12" if division == "12" else f"Pz/{division}"
        source = "rules: 3.4 (20/12 = 20th Panzer Regiment of the 12th Panzer Division)" if division == "12" else ""
        return [two_step(f"ger-iii-{division}pz-pz", "panzer", "III", panzer, formation,
                         f"{panzer} Pz Rgt" if division == "12" else f"Pz Rgt/{division} Pz", common,
                         "designation " + ("rules: 3.4" if source else "unknown: the printed regiment number is not "
                                                                      "in the book")),
                *(two_step(f"ger-iii-{division}pz-pzgr{n}", "panzer_grenadier", "III", f"{n}/{division}",
                           formation, f"PzGr Rgt {n}/{division} Pz", common,
                           "designation unknown: the printed regiment number is not in the book") for n in (1, 2))]
    regiments, unit_type = (3, "ss_motorized") if kind == "ss" else (2, "motorized_infantry")
    formation = "SS DR" if kind == "ss" else f"{division} Mot"
    return [two_step(f"ger-iii-{division.lower()}mot-{n}", unit_type, "III", f"{n}/{division}", formation,
                     f"Mot Rgt {n}/{formation}", common,
                     "designation unknown: the printed regiment number is not in the book") for n in range(1, regiments + 1)]


def two_step(ident: str, unit_type: str, size: str, designation: str, formation: str, name: str,
             common: dict[str, str], notes: str = "") -> dict[str, str]:
    return row(id=ident, type=unit_type, size=size, designation=designation, formation=formation, name=name,
               front_source="unknown", back="reduced", back_source="unknown", steps="2",
               notes="; ".join(n for n in (notes, UNKNOWN_VALUES, STEP2) if n), **common)


def markers() -> list[dict[str, str]]:
    def marker(ident: str, side: str, kind: str, name: str, source: str, notes: str = "") -> dict[str, str]:
        return row(id=ident, side=side, type=kind, name=name, attack="-", defense="-", movement="-",
                   front_source=source, back="blank", back_attack="-", back_defense="-", back_movement="-",
                   back_source="reconstructed: a marker prints no values on its back", role="marker", notes=notes)
    rows = [marker("marker-game-turn", "neutral", "marker", "Game-Turn", "rules: 4.2 C (the Game-Turn Marker)")]
    rows += [marker(f"marker-air-{n}", "German", "interdiction", f"Air Interdiction {n}",
                    "rules: 13.1 (the German Player receives three Air Interdiction Markers)") for n in (1, 2, 3)]
    rows.append(marker("marker-soviet-interdiction", "Soviet", "interdiction", "Soviet Interdiction",
                       "rules: 13.4, 13.41 (one Soviet Interdiction Marker, used on three Game-Turns)"))
    rows += [marker(f"marker-rail-cut-{n}", "German", "rail_cut", f"Rail Cut {n}",
                    "rules: 6.37 (the six Rail Cut Markers provided with the game; AH edition, footnote 2)")
             for n in range(1, 7)]
    return rows


def main() -> None:
    print("# Panzergruppe Guderian counters (SPI 1976). The book prints no counter manifest: every value it")
    print("# states is 'rules' with its case, what it does not state is 'unknown' (empty) or 'reconstructed'")
    print("# with the reason. Written by sources/make_units.py; doubts in sources/counters-notes.md.")
    print("# Format: docs/data-format.md (leadership_source: the rating's own source).")
    writer = csv.DictWriter(sys.stdout, COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(soviet() + german() + markers())


if __name__ == "__main__":
    main()
