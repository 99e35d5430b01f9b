"""Writes ../units.csv (the counters, placed for the scenario "Korsuń 1944") and
../scenarios/deblockade.csv (where the scenario "Deblockade" places them): how the counter list was
laid out from the rulebook, which prints no counter manifest and no counter values. The data a
maintainer edits are the CSV files; this script records the reading and reproduces them:
python sources/make_units.py [--print-toml] (the Field Fortification hexes and
the Deblockade [[losses]] for scenarios/*.toml).

Rulebook: rules/001_516a1f9aeb33e223.txt (SCENARIOS: German and Soviet Setup of "Korsuń 1944" and
"Deblockade", the reinforcement schedule "page 44"). Doubts: sources/counters-notes.md.

A set-up line names a formation and its hexes ("34 INF 1129, 1227, 1325 (FF)"); the formation is put
on those hexes "and/or" (Setup Aid, SS BR [W] example). Where the line names its members ("V MOT (2,
9, 45, 233, GPanc.)", "1/27 ART, 2/27 ART") each member is a counter; where it does not ("34 INF"), the
formation gets one counter per hex of the scenario that lists the most hexes for it, since how many
counters a division has is not in the text. Members are spread over the hexes in the order printed.
"""

from __future__ import annotations

import csv
import sys
from dataclasses import dataclass, field
from pathlib import Path

COLUMNS = ("id,side,type,size,designation,formation,name,attack,defense,movement,leadership,front_source,"
           "back,back_attack,back_defense,back_movement,back_source,steps,asterisk,setup,setup_face,"
           "entry_turn,entry_area,role,placement_source,notes,movement_source").split(",")
SCENARIO_COLUMNS = ("id,setup,setup_face,entry_turn,entry_area,role,placement_source,notes").split(",")

#: faces by unit type: (back kind, CELs, source of the CEL count); everything else is unknown
FACES = {
    "hq": ("none", "1", "rules: 9.1.4 (HQ has 1 CEL)"),
    "artillery": ("mode", "1", "rules: 1.2, 6.2.2 (towed artillery: 1 CEL; the reverse is its transport setup)"),
}
DEBLOCKADE_OFFSET = 10          # Deblockade's turn 1 is 3 II, turn 11 of "Korsuń 1944"
DATES = ["24 I", "25 I", "26 I", "27 I", "28 I", "29 I", "30 I", "31 I", "1 II", "2 II", "3 II", "4 II",
         "5 II", "6 II", "7 II", "8 II", "9 II", "10 II", "11 II", "12 II", "13 II", "14 II", "15 II",
         "16 II", "17 II"]


@dataclass
class Formation:
    """One line of a set-up or of the schedule: a formation and the counters it stands for."""

    key: str
    side: str
    type: str
    size: str
    formation: str
    label: str                                  # as printed in the set-up
    members: list[tuple[str, str]] = field(default_factory=list)   # (designation, name)
    types: dict[int, str] = field(default_factory=dict)             # member index -> its own type
    sizes: dict[int, str] = field(default_factory=dict)
    note: str = ""


@dataclass
class Placement:
    hexes: list[str] = field(default_factory=list)
    ff: bool = False
    turn: int | None = None
    area: str = ""
    source: str = ""
    note: str = ""
    city: bool = False                          # the book names a city: ``hexes`` is its centre


FORMATIONS: dict[str, Formation] = {}
KORSUN: dict[str, Placement] = {}
DEBLOCKADE: dict[str, Placement] = {}


def formation(key: str, side: str, type_: str, size: str, parent: str, label: str,
              members: list[str] | int, names: list[str] | None = None, note: str = "", **kinds: str) -> None:
    """Declare a formation: ``members`` its designations, or how many anonymous counters it has."""
    if isinstance(members, int):
        designations = [label.split()[0]] * members
        shown = [f"{label} ({n + 1})" if members > 1 else label for n in range(members)]
    else:
        designations = members
        shown = names or members
    entry = Formation(key, side, type_, size, parent, label, list(zip(designations, shown)), note=note)
    for spec, value in kinds.items():         # t2="artillery", s2="II": member 2's own type or size
        (entry.types if spec[0] == "t" else entry.sizes)[int(spec[1:])] = value
    FORMATIONS[key] = entry


def setup(table: dict[str, Placement], key: str, hexes: str, ff: bool, where: str, note: str = "") -> None:
    table[key] = Placement(hexes.split(), ff, source=f"rules: {where}", note=note)


#: the book's spelling of a city (set-up lines naming a city, not a hex) -> its name in ../map/places.csv
CITY_NAMES = {"Korsuń": "Korsun", "Gorodiszczce": "Gorodishche", "Katerynopol": "Katerynopol",
              "Katerinopol": "Katerynopol", "Szpoła": "Shpola", "Smieła": "Smela", "Nowomirgorod": "Nowomirgorod"}


def city_hexes(book_name: str) -> tuple[str, list[str]]:
    """A city's hex the town projects into (its centre: where the module puts a counter the book sets
    up "in" the city) and all its hexes, from ../map/places.csv."""
    name = CITY_NAMES[book_name]
    with open(Path(__file__).resolve().parent.parent / "map" / "places.csv", encoding="utf-8") as source:
        rows = [r for r in csv.DictReader(line for line in source if not line.startswith("#"))
                if r["name"] == name and r["kind"] == "city"]
    centre = next(r["hex"] for r in rows if "the hex the town projects into" in r["source"])
    return centre, sorted(r["hex"] for r in rows)


def in_cities(table: dict[str, Placement], key: str, cities: list[str], where: str, line: str) -> None:
    """A set-up line naming cities, not hexes ("602 INF-R Korsuń", "6 x RG in Korsuń, ..."): the book
    lets the player put the counter on any hex of its city; the module starts it on the city's centre
    hex. One placement per member (its own city), so each is its own set-up line."""
    for index, book_name in enumerate(cities):
        if not book_name:
            continue
        centre, hexes = city_hexes(book_name)
        table[f"{key}#{index}"] = Placement([centre], city=True, source=f"rules: {where} ({line}"
                                            + (f": {book_name})" if len(cities) > 1 else ")"),
                                            note=f"the book names the city, not a hex: any hex of {CITY_NAMES[book_name]} "
                                                 f"({', '.join(hexes)}, map/places.csv; [rules.setup_cities]); this "
                                                 "counter starts on its centre hex")


def arrive(table: dict[str, Placement], key: str, date: str, area: str, where: str, note: str = "") -> None:
    turn = DATES.index(date) + 1 - (DEBLOCKADE_OFFSET if table is DEBLOCKADE else 0)
    table[key] = Placement([], False, turn, area, f"rules: {where} ({date} {area})", note)


KG, KS = "Korsuń 1944 German Setup", "Korsuń 1944 Soviet Setup"
DG, DS = "Deblockade German Setup", "Deblockade Soviet Setup"
SCHED = "reinforcements schedule, page 44"

# -------------------------------------------------------------------------- German, set up in both

G = "German"
formation("ger-75a", G, "infantry", "III", "75 INF", "A/75 INF-R", ["A/75"], ["A/75 INF-R"])
formation("ger-75", G, "infantry", "", "75 INF", "75 INF (rest)", 2)
formation("ger-34", G, "infantry", "", "34 INF", "34 INF", 3)
formation("ger-198", G, "infantry", "", "198 INF", "198 INF", 3)
formation("ger-202", G, "assault_gun", "II", "", "202 AG-B (StuG)", ["202"], ["202 StuG"])
formation("ger-471", G, "anti_tank", "II", "", "471 AT-B (p-panc.)", ["471"], ["471 p-panc."])
formation("ger-art-vii", G, "artillery", "", "VII", "Art./VII", ["Art./VII"], ["Art./VII"])
formation("ger-hq-vii", G, "hq", "", "VII", "HQ VII", ["VII"], ["HQ VII"])
formation("ger-88", G, "infantry", "", "88 INF", "88 INF", 4)
formation("ger-b", G, "infantry", "III", "B", "Korps-Abteilung B", ["332/B", "255/B", "112/B"],
          ["332/B INF-R", "255/B INF-R", "112/B INF-R"])
formation("ger-602", G, "infantry", "III", "", "602 INF-R", ["602"], ["602 INF-R"])
formation("ger-ss-w", G, "motorized", "II", "SS W", "SS BR [W] (I, II)", ["I/W", "II/W"],
          ["I SS W", "II SS W"])
formation("ger-5ss", G, "armored", "", "5 SS ARM", "5 ARM SS", 4)
formation("ger-hq-xi", G, "hq", "", "XI", "HQ XI", ["XI"], ["HQ XI"])
formation("ger-art-xi", G, "artillery", "", "XI", "XI ART", ["Art./XI"], ["Art./XI"])
formation("ger-57", G, "infantry", "", "57 INF", "57 INF", 3)
formation("ger-228", G, "assault_gun", "II", "", "228 AG-B (StuG)", ["228"], ["228 StuG"])
formation("ger-72", G, "infantry", "", "72 INF", "72 INF", 3)
formation("ger-203", G, "assault_gun", "II", "", "203 AG-B (StuG)", ["203"], ["203 StuG"])
formation("ger-389", G, "infantry", "", "389 INF", "389 INF", 3)
formation("ger-3", G, "armored", "", "3 ARM", "3 ARM", 3)
formation("ger-905", G, "assault_gun", "II", "", "905 AG-B (StuG)", ["905"], ["905 StuG"])
formation("ger-106", G, "infantry", "", "106 INF", "106 INF", 3)
formation("ger-320", G, "infantry", "", "320 INF", "320 INF", 3)
formation("ger-rg", G, "resilience_group", "", "", "RG", ["RG"] * 6,
          ["RG Korsuń", "RG Gorodiszczce", "RG Katerynopol", "RG Szpoła", "RG Smieła", "RG Nowomirgorod"])
# set up in "Korsuń 1944" only
formation("ger-239", G, "assault_gun", "II", "", "239 AG-B (StuG)", ["239"], ["239 StuG"])
formation("ger-167", G, "infantry", "", "167 INF", "167 INF", 1)
formation("ger-177", G, "infantry", "III", "", "177 INF-R", ["177"], ["177 INF-R"])
formation("ger-hq-xxxxii", G, "hq", "", "XXXXII", "HQ XXXXII", ["XXXXII"], ["HQ XXXXII"])
# reinforcements of "Korsuń 1944", set up in "Deblockade" when they arrive before 3 II
formation("ger-14", G, "armored", "", "14 ARM", "14 ARM", ["108/14", "103/14", "III/36/14"],
          ["108/14 ARM-R", "103/14 ARM", "III/36/14 ARM"], s0="III")
formation("ger-11", G, "armored", "", "11 ARM", "11 ARM", 2)
formation("ger-hq-xxxxvii", G, "hq", "", "XXXXVII", "HQ XXXXVII", ["XXXXVII"], ["HQ XXXXVII"])
formation("ger-13", G, "armored", "", "13 ARM", "13 ARM", 2)
formation("ger-911", G, "assault_gun", "II", "", "911 AG-B (StuG)", ["911"], ["911 StuG"])
formation("ger-249", G, "assault_gun", "II", "", "249 AG-B (StuG)", ["249"], ["249 StuG"])
formation("ger-506", G, "armored", "II", "", "1/506, 2/506 ARM-B", ["1/506", "2/506"],
          ["1/506 ARM-B (bczc)", "2/506 ARM-B (bczc)"])
formation("ger-art-xxxxvii", G, "artillery", "", "XXXXVII", "Art./XXXXVII", ["Art./XXXXVII"], ["Art./XXXXVII"])
formation("ger-iii", G, "hq", "", "III", "HQ III, Art./III, 57 ART (mortars)", ["III", "Art./III", "57"],
          ["HQ III", "Art./III", "57 ART (mortars)"], t1="artillery", t2="artillery")
formation("ger-17", G, "armored", "", "17 ARM", "17 ARM", 1)
formation("ger-54-art", G, "artillery", "", "", "54 ART (mortars)", ["54"], ["54 ART (mortars)"])
formation("ger-376", G, "infantry", "", "376 INF", "376 INF", 3)
formation("ger-26", G, "armored", "I", "", "A, B/26 ARM-C", ["A/26", "B/26"], ["A/26 ARM-C", "B/26 ARM-C"])
formation("ger-1-art", G, "artillery", "", "", "1 ART (mortars)", ["1"], ["1 ART (mortars)"])
formation("ger-1ss", G, "armored", "", "1 SS ARM", "1 ARM SS", 2)
formation("ger-503", G, "armored", "II", "", "1, 2/503 ARM-B (bczc)", ["1/503", "2/503"],
          ["1/503 ARM-B (bczc)", "2/503 ARM-B (bczc)"])
formation("ger-23", G, "armored", "III", "", "A, B/23 ARM-R", ["A/23", "B/23"], ["A/23 ARM-R", "B/23 ARM-R"])
formation("ger-55-art", G, "artillery", "", "", "55 ART (mortars)", ["55"], ["55 ART (mortars)"])
formation("ger-16", G, "armored", "", "16 ARM", "16 ARM", 2)
# reinforcements from 3 II on (both scenarios)
formation("ger-24", G, "armored", "", "24 ARM", "24 ARM*", 1, note="printed '24 ARM*': the asterisk is "
          "not explained in the text")
formation("ger-282", G, "infantry", "", "282 INF", "282 INF", 1)
formation("ger-1", G, "armored", "", "1 ARM", "1 ARM", 2, note="'2 units of 1 ARM' (3 II)")
formation("ger-1-rest", G, "armored", "", "1 ARM", "1 ARM (rest)", ["1"], ["1 ARM (rest)"],
          note="'Rest of 1 ARM' (5 II): how many counters the rest is, is not in the text; one stands for it")
formation("ger-rentz", G, "infantry", "III", "", "INF-R (KG Rentz)", ["KG Rentz"], ["KG Rentz INF-R"])
formation("ger-haack", G, "infantry", "III", "", "INF-R (KG Haack)", ["KG Haack"], ["KG Haack INF-R"])
formation("ger-10", G, "armored", "", "10 ARM", "10 ARM", 1)

setup(KORSUN, "ger-75a", "0535", True, KG)
setup(KORSUN, "ger-75", "0733 0931", True, KG)
setup(KORSUN, "ger-34", "1129 1227 1325", True, KG)
setup(KORSUN, "ger-198", "1323 1422 1520", True, KG)
setup(KORSUN, "ger-202", "1524", False, KG, "the set-up line wraps: '202 AG-B (StuG),' with the hex of the "
      "next line, 471 AT-B's 1524")
setup(KORSUN, "ger-471", "1524", False, KG)
setup(KORSUN, "ger-art-vii", "1625", True, KG)
setup(KORSUN, "ger-hq-vii", "1826", False, KG)
setup(KORSUN, "ger-239", "1622", True, KG)
setup(KORSUN, "ger-88", "1618 1615 1512 1309", True, KG)
setup(KORSUN, "ger-b", "1501 2302 3301", False, KG)
setup(KORSUN, "ger-177", "2213", False, KG)
in_cities(KORSUN, "ger-602", ["Korsuń"], KG, "602 INF-R Korsuń")
setup(KORSUN, "ger-ss-w", "4706 4308", True, KG)
setup(KORSUN, "ger-5ss", "4108 4211 4214 4017", True, KG, "the set-up line wraps: '5 ARM SS' with its "
      "hexes on the next line")
setup(KORSUN, "ger-hq-xi", "3916", False, KG)
setup(KORSUN, "ger-57", "5015 5215 5316", True, KG)
setup(KORSUN, "ger-228", "5316", False, KG)
setup(KORSUN, "ger-72", "5517 5519 5620", True, KG)
setup(KORSUN, "ger-203", "5520", False, KG)
setup(KORSUN, "ger-art-xi", "5321", False, KG)
setup(KORSUN, "ger-389", "5721 5723 5623", True, KG)
setup(KORSUN, "ger-3", "5724 5525", True, KG)
setup(KORSUN, "ger-905", "5426", False, KG)
setup(KORSUN, "ger-106", "5826 5927 6029", True, KG)
setup(KORSUN, "ger-320", "6129 6231 6332", True, KG)
setup(KORSUN, "ger-167", "5522", False, KG)
setup(KORSUN, "ger-hq-xxxxii", "2213", False, KG)
in_cities(KORSUN, "ger-rg", ["Korsuń", "Gorodiszczce", "Katerynopol", "Szpoła", "Smieła", "Nowomirgorod"], KG,
          "6 x RG in Korsuń, Gorodiszczce, Katerynopol, Szpoła, Smieła, Nowomirgorod")
arrive(KORSUN, "ger-14", "24 I", "E", SCHED)
arrive(KORSUN, "ger-11", "25 I", "E", SCHED, "printed '11 RM E': read 11 ARM")
arrive(KORSUN, "ger-hq-xxxxvii", "26 I", "E", SCHED)
arrive(KORSUN, "ger-13", "26 I", "E", SCHED)
arrive(KORSUN, "ger-911", "26 I", "E", SCHED)
arrive(KORSUN, "ger-249", "26 I", "A", SCHED)
arrive(KORSUN, "ger-506", "27 I", "E", SCHED)
arrive(KORSUN, "ger-art-xxxxvii", "27 I", "E", SCHED)
arrive(KORSUN, "ger-iii", "28 I", "B", SCHED)
arrive(KORSUN, "ger-17", "30 I", "B", SCHED)
arrive(KORSUN, "ger-54-art", "30 I", "B", SCHED)
arrive(KORSUN, "ger-376", "31 I", "D", SCHED)
arrive(KORSUN, "ger-26", "31 I", "D", SCHED, "the schedule prints 'A, B/26 ARM-BR', the Deblockade set-up "
       "'A, B/26 ARM-C': the set-up's size is kept")
arrive(KORSUN, "ger-1-art", "1 II", "B", SCHED)
arrive(KORSUN, "ger-1ss", "2 II", "B", SCHED)
arrive(KORSUN, "ger-503", "2 II", "B", SCHED)
arrive(KORSUN, "ger-23", "2 II", "B", SCHED, "the schedule prints 'A,B/23 ARM-BR', the Deblockade set-up "
       "'A, B/23 ARM-R': the set-up's size is kept")
arrive(KORSUN, "ger-55-art", "2 II", "E", SCHED)
KORSUN["ger-16"] = Placement(source="unknown", note="16 ARM has no date in the schedule (its 29 I German "
                             "cell is empty) although Deblockade sets it up: when and where it enters "
                             "'Korsuń 1944' is not in the text")

# -------------------------------------------------------------------------- Deblockade, German
setup(DEBLOCKADE, "ger-75a", "0535", True, DG)
setup(DEBLOCKADE, "ger-75", "0733 0931", True, DG)
setup(DEBLOCKADE, "ger-34", "1230 1429 1728", True, DG)
setup(DEBLOCKADE, "ger-198", "2231 2532 2732", True, DG)
setup(DEBLOCKADE, "ger-202", "2732", False, DG, "printed '202 AG-R (StuG (-1 CEL)': read 202 AG-B (StuG) (-1 CEL)")
setup(DEBLOCKADE, "ger-471", "3230", True, DG)
setup(DEBLOCKADE, "ger-hq-vii", "3230", True, DG)
setup(DEBLOCKADE, "ger-art-vii", "3230", True, DG)
setup(DEBLOCKADE, "ger-88", "3012 2814 2816 2818", True, DG)
setup(DEBLOCKADE, "ger-b", "3019 3110 3510", True, DG, "printed '„B” INF': Korps-Abteilung B's three regiments")
setup(DEBLOCKADE, "ger-602", "3116", False, DG)
setup(DEBLOCKADE, "ger-ss-w", "4212 4214", True, DG, "printed 'MOT SS [W] (I, II)': the SS BR [W] of Korsuń 1944")
setup(DEBLOCKADE, "ger-5ss", "3711 4217 4017", True, DG)
setup(DEBLOCKADE, "ger-hq-xi", "4016", False, DG)
setup(DEBLOCKADE, "ger-art-xi", "4016", False, DG)
setup(DEBLOCKADE, "ger-57", "3218 3419 3518", True, DG)
setup(DEBLOCKADE, "ger-228", "4017", False, DG)
setup(DEBLOCKADE, "ger-72", "3917 4118 4218", True, DG)
setup(DEBLOCKADE, "ger-203", "4018", False, DG)
setup(DEBLOCKADE, "ger-389", "3719 3819 3919", True, DG)
setup(DEBLOCKADE, "ger-3", "4130 4331 4431", True, DG)
setup(DEBLOCKADE, "ger-905", "4130", False, DG)
setup(DEBLOCKADE, "ger-106", "5732 5933 6035", True, DG)
setup(DEBLOCKADE, "ger-320", "5130 5330 5531", True, DG)
setup(DEBLOCKADE, "ger-14", "3615 5331 5331", False, DG, "'108/14 ARM-R 3615' and '103, III/36 of 14 ARM "
      "(-1CEL) 5331'")
setup(DEBLOCKADE, "ger-11", "3429 3529", False, DG)
setup(DEBLOCKADE, "ger-hq-xxxxvii", "4132", False, DG)
setup(DEBLOCKADE, "ger-art-xxxxvii", "4132", False, DG)
setup(DEBLOCKADE, "ger-55-art", "4132", False, DG)
setup(DEBLOCKADE, "ger-13", "3830 3930", False, DG)
setup(DEBLOCKADE, "ger-249", "0931", False, DG, "set up at 0931 by the west edge although the schedule of "
      "Korsuń 1944 brings it in zone A")
setup(DEBLOCKADE, "ger-506", "3032", False, DG)
setup(DEBLOCKADE, "ger-26", "3631", False, DG)
setup(DEBLOCKADE, "ger-iii", "1730 1730 1730", False, DG)
setup(DEBLOCKADE, "ger-54-art", "1730", False, DG)
setup(DEBLOCKADE, "ger-17", "1930", False, DG)
setup(DEBLOCKADE, "ger-376", "4730 4931 4731", True, DG)
setup(DEBLOCKADE, "ger-16", "2030 2130", False, DG)
setup(DEBLOCKADE, "ger-1-art", "1631", False, DG)
setup(DEBLOCKADE, "ger-23", "1529", False, DG, "the set-up line wraps: 'A, B/23 ARM-R' with the hex of the "
      "next line, 1, 2/503's 1529")
setup(DEBLOCKADE, "ger-503", "1529", False, DG)
setup(DEBLOCKADE, "ger-1ss", "1533 1534", False, DG)
in_cities(DEBLOCKADE, "ger-rg", ["Korsuń", "Gorodiszczce", "Katerinopol", "", "", "Nowomirgorod"], DG,
          "RG: Korsuń, Gorodiszczce, Katerinopol, Nowomirgorod")
for key, date, area in (("ger-24", "3 II", "C"), ("ger-282", "3 II", "F"), ("ger-10", "8 II", "F"),
                        ("ger-1", "3 II", "B"), ("ger-1-rest", "5 II", "B"),
                        ("ger-rentz", "4 II", "A"), ("ger-haack", "6 II", "D")):
    arrive(KORSUN, key, date, area, SCHED)
    arrive(DEBLOCKADE, key, date, area, SCHED)

# -------------------------------------------------------------------------- Soviet
S = "Soviet"


def army(prefix: str, parent: str, units: list[tuple]) -> None:
    """Soviet formations of one army: (key, type, size, label, members or count, [names])."""
    for key, type_, size, label, members, *names in units:
        formation(f"sov-{prefix}-{key}", S, type_, size, parent, label, members, names[0] if names else None)


army("40", "40 Army", [
    ("hq", "hq", "", "HQ", ["40 A"], ["HQ 40 Army"]),
    ("art3", "artillery", "", "3 Art.", ["3/40"], ["3 Art./40"]),
    ("art2", "artillery", "", "2 Art.", ["2/40"], ["2 Art./40"]),
    ("art1", "artillery", "", "1 Art.", ["1/40"], ["1 Art./40"]),
    ("232", "infantry", "", "232 INF", 1), ("38", "infantry", "", "38 INF", 1),
    ("240", "infantry", "", "240 INF", 1), ("74", "infantry", "", "74 INF", 1),
    ("133", "infantry", "", "133 INF", 1), ("58", "infantry", "", "58 INF", 1),
    ("42", "infantry", "", "42 INF", 1),
    ("gpanc", "armored", "", "ARM-BR (GPanc.)", ["GPanc./40"], ["GPanc. 40 Army"]),
    ("at", "anti_tank", "X", "AT-BR (p-panc.)", ["p-panc./40"], ["p-panc. 40 Army"]),
])
army("6ta", "6 Armored Army", [
    ("hq", "hq", "", "HQ", ["6 TA"], ["HQ 6 Armored Army"]),
    ("fu-art", "artillery", "X", "1/1 FU ART", ["1/1 FU"], ["1/1 FU ART"]),
    ("359", "infantry", "", "359 INF", 1), ("136", "infantry", "", "136 INF", 1),
    ("167", "infantry", "", "167 INF", 1),
])
formation("sov-v-mot", S, "motorized", "X", "V MOT", "V MOT (2, 9, 45, 233, GPanc.)",
          ["2/V", "9/V", "45/V", "233/V", "GPanc./V MOT"],
          ["2/V MOT", "9/V MOT", "45/V MOT", "233/V MOT", "GPanc. V MOT"], t4="armored", s4="")
formation("sov-v-g-arm", S, "armored", "X", "V G ARM", "V G ARM (6, 20, 21, 22, GPanc.)",
          ["6/V G", "20/V G", "21/V G", "22/V G", "GPanc./V G"],
          ["6/V G ARM", "20/V G ARM", "21/V G ARM", "22/V G ARM", "GPanc. V G ARM"], s4="")
army("27", "27 Army", [
    ("hq", "hq", "", "HQ", ["27 A"], ["HQ 27 Army"]),
    ("art", "artillery", "", "Art.", ["Art./27"], ["Art. 27 Army"]),
    ("180", "infantry", "", "180 INF", 1), ("337", "infantry", "", "337 INF", 1),
    ("206", "infantry", "", "206 INF", 1),
    ("gpanc", "armored", "", "ARM-BR (GPanc.)", ["GPanc./27"], ["GPanc. 27 Army"]),
    ("159", "fortification", "X", "159 FU-BR", ["159 FU"], ["159 FU-BR"]),
    ("54", "fortification", "X", "54 FU-BR", ["54 FU"], ["54 FU-BR"]),
])
army("4ga", "4 Guards Army", [
    ("hq", "hq", "", "HQ", ["4 GA"], ["HQ 4 Guards Army"]),
    ("7", "airborne", "", "7 INF (para)", ["7"], ["7 INF (para)"]),
    ("5", "airborne", "", "5 INF (para)", ["5"], ["5 INF (para)"]),
    ("62", "infantry", "", "62 INF", 1), ("31", "infantry", "", "31 INF", 1),
    ("375", "infantry", "", "375 INF", 1), ("69", "infantry", "", "69 INF", 1),
    ("94", "infantry", "", "94 INF", 1),
    ("eng", "engineer", "X", "6 ENG-BR (6 Sap.)", ["6 Sap."], ["6 Sap."]),
    ("art1", "artillery", "", "1 Art.", ["1/4 G"], ["1 Art./4 Guards Army"]),
    ("art2", "artillery", "", "2 Art.", ["2/4 G"], ["2 Art./4 Guards Army"]),
    ("art3", "artillery", "", "3 Art.", ["3/4 G"], ["3 Art./4 Guards Army"]),
    ("at", "anti_tank", "X", "AT-BR (p-panc.)", ["p-panc./4 G"], ["p-panc. 4 Guards Army"]),
    ("gpanc", "armored", "", "ARM-BR (GPanc.)", ["GPanc./4 G"], ["GPanc. 4 Guards Army"]),
    ("173", "armored", "X", "173 ARM-BR (BPanc.)", ["173"], ["173 ARM-BR"]),
])
army("front2", "2 Ukrainian Front", [
    ("art27", "artillery", "X", "1/27 ART, 2/27 ART", ["1/27", "2/27"], ["1/27 ART", "2/27 ART"]),
    ("fu2", "artillery", "X", "1/2 FU ART, 2/2 FU ART", ["1/2 FU", "2/2 FU"], ["1/2 FU ART", "2/2 FU ART"]),
    ("art8", "artillery", "X", "1/8 ART, 2/8 ART", ["1/8", "2/8"], ["1/8 ART", "2/8 ART"]),
])
army("52", "52 Army", [
    ("hq", "hq", "", "HQ", ["52 A"], ["HQ 52 Army"]),
    ("294", "infantry", "", "294 INF", 1), ("254", "infantry", "", "254 INF", 1),
    ("373", "infantry", "", "373 INF", 1),
])
army("53", "53 Army", [
    ("hq", "hq", "", "HQ", ["53 A"], ["HQ 53 Army"]),
    ("at", "anti_tank", "X", "AT-BR (p-panc.)", ["p-panc./53"], ["p-panc. 53 Army"]),
    ("art1", "artillery", "", "1 Art.", ["1/53"], ["1 Art./53"]),
    ("art2", "artillery", "", "2 Art.", ["2/53"], ["2 Art./53"]),
    ("art3", "artillery", "", "3 Art.", ["3/53"], ["3 Art./53"]),
    ("art4", "artillery", "", "4 Art.", ["4/53"], ["4 Art./53"]),
    ("25", "infantry", "", "25 INF", 1), ("1", "airborne", "", "1 INF (para)", ["1"], ["1 INF (para)"]),
    ("66", "infantry", "", "66 INF", 1), ("214", "infantry", "", "214 INF", 1),
    ("14", "infantry", "", "14 INF", 1), ("138", "infantry", "", "138 INF", 1),
    ("213", "infantry", "", "213 INF", 1), ("89", "infantry", "", "89 INF", 1),
    ("6", "infantry", "", "6 INF", 1), ("233", "infantry", "", "233 INF", 1),
])
army("5gta", "5 Guards Armored Army", [
    ("hq", "hq", "", "HQ", ["5 GTA"], ["HQ 5 Guards Armored Army"]),
    ("78", "infantry", "", "78 INF", 1), ("80", "infantry", "", "80 INF", 1),
    ("84", "infantry", "", "84 INF", 1),
    ("6para", "airborne", "", "6 INF (para)", ["6 para"], ["6 INF (para)"]),
])
for key, label, members in (("xviii", "XVIII ARM", ["110", "170", "181", "32"]),
                            ("xx", "XX ARM", ["8G", "80", "155", "7G"]),
                            ("xxix", "XXIX ARM", ["25", "31", "32", "53"])):
    formation(f"sov-{key}", S, "armored", "X", label, f"{label} ({', '.join(members)}, GPanc.)",
              [f"{m}/{label.split()[0]}" for m in members] + [f"GPanc./{label.split()[0]}"],
              [f"{m}/{label}" for m in members] + [f"GPanc. {label}"], s4="")
formation("sov-v-cav", S, "cavalry", "", "V CAV", "V CAV (11G, 12G, 63, 1896, p-panc., Art./V)",
          ["11G/V", "12G/V", "63/V", "1896/V", "p-panc./V", "Art./V"],
          ["11G/V CAV", "12G/V CAV", "63/V CAV", "1896/V CAV", "p-panc. V CAV", "Art./V CAV"],
          t3="sp_artillery", t4="anti_tank", t5="artillery")
# reinforcements only
army("2ta", "2 Armored Army", [
    ("hq", "hq", "", "HQ 2 Armored Army", ["2 TA"], ["HQ 2 Armored Army"]),
    ("11", "armored", "X", "11 ARM-BR", ["11"], ["11 ARM-BR"]),
])
for key, label, members, parent in (("iii", "III ARM", ["50", "51", "103"], "2 Armored Army"),
                                    ("xvi", "XVI ARM", ["107", "109", "164", "15"], "2 Armored Army"),
                                    ("v-g-mot", "V G MOT", ["11", "12", "13", "24"], ""),
                                    ("xi-g", "XI G ARM", ["40", "44", "45", "27"], "1 Armored Army")):
    formation(f"sov-{key}", S, "motorized" if "MOT" in label else "armored", "X", label,
              f"{label} ({', '.join(members)}, GPanc.)",
              [f"{m}/{label}" for m in members] + [f"GPanc./{label}"],
              [f"{m}/{label}" for m in members] + [f"GPanc. {label}"], note=parent, **{f"s{len(members)}": ""})
for key, label in (("4para", "4 INF (para)"), ("340", "340 INF"), ("252", "252 INF"), ("163", "163 INF")):
    formation(f"sov-{key}", S, "airborne" if "para" in label else "infantry", "", "", label, 1)

KS_SETUP = {
    "sov-40-hq": "0428", "sov-40-art3": "0428", "sov-40-232": "0333", "sov-40-38": "0531",
    "sov-40-240": "0729", "sov-40-74": "0927", "sov-40-art2": "0826", "sov-40-gpanc": "0429",
    "sov-40-133": "1125", "sov-40-58": "1123", "sov-40-at": "0824", "sov-40-art1": "0824",
    "sov-6ta-hq": "0625", "sov-v-mot": "0624", "sov-v-g-arm": "0526", "sov-6ta-fu-art": "0921",
    "sov-6ta-359": "1121", "sov-6ta-136": "0819", "sov-6ta-167": "1319",
    "sov-27-hq": "1216", "sov-27-art": "1216", "sov-27-180": "1417", "sov-27-337": "1414",
    "sov-27-gpanc": "1115", "sov-27-159": "1205 FF", "sov-27-206": "2400 FF", "sov-27-54": "3000 FF",
    "sov-4ga-hq": "6020", "sov-4ga-7": "5616", "sov-4ga-62": "5716", "sov-4ga-eng": "5817",
    "sov-4ga-5": "5718", "sov-4ga-art1": "5916", "sov-4ga-31": "5820", "sov-4ga-375": "5920",
    "sov-4ga-69": "5921", "sov-4ga-art2": "5919", "sov-4ga-art3": "6022", "sov-4ga-at": "6019",
    "sov-4ga-gpanc": "6221", "sov-4ga-173": "6221", "sov-front2-art27": "6119", "sov-front2-fu2": "6120",
    "sov-front2-art8": "6324",
    "sov-52-hq": "5407", "sov-52-294": "5008", "sov-52-254": "5112", "sov-52-373": "5414",
    "sov-53-hq": "6424", "sov-53-at": "6321", "sov-53-art1": "6023", "sov-53-25": "5923", "sov-53-1": "5924",
    "sov-53-66": "6026", "sov-53-214": "6123", "sov-53-art2": "6124", "sov-53-art3": "6226",
    "sov-53-14": "6227", "sov-53-138": "6328", "sov-53-213": "6430", "sov-53-art4": "6428",
    "sov-5gta-hq": "6324", "sov-xviii": "6323", "sov-xx": "6022", "sov-xxix": "6024",
}
DS_SETUP = {
    "sov-40-hq": "0626 FF", "sov-40-art3": "0428 FF", "sov-40-232": "0333 FF", "sov-40-38": "0531 FF",
    "sov-40-42": "0729 FF", "sov-40-240": "0929 FF", "sov-40-74": "1228 FF", "sov-40-art2": "0927 FF",
    "sov-40-at": "1826 FF", "sov-40-gpanc": "1826 FF", "sov-40-133": "1527 FF", "sov-40-58": "1727 FF",
    "sov-40-art1": "1325",
    "sov-6ta-hq": "2523", "sov-v-mot": "2329 2430 2631 FF", "sov-v-g-arm": "2831 2831 2523 2523 2523 FF",
    "sov-6ta-fu-art": "2922", "sov-6ta-359": "1928 FF", "sov-6ta-136": "2820 FF", "sov-6ta-167": "2128 FF",
    "sov-27-hq": "2810", "sov-27-art": "2810", "sov-27-180": "2618 FF", "sov-27-337": "2615 FF",
    "sov-27-gpanc": "2711", "sov-27-159": "2613 FF", "sov-27-206": "3108 FF", "sov-27-54": "2910 FF",
    "sov-52-hq": "5115", "sov-52-294": "4110 FF", "sov-52-254": "4220 FF", "sov-52-373": "4418 FF",
    "sov-4ga-hq": "4919", "sov-4ga-7": "4720", "sov-4ga-62": "4325", "sov-4ga-5": "4021", "sov-4ga-art1": "4324",
    "sov-4ga-31": "4623", "sov-4ga-375": "4329", "sov-4ga-69": "5027", "sov-4ga-art2": "4024",
    "sov-4ga-art3": "4621", "sov-4ga-at": "3527", "sov-4ga-gpanc": "4322", "sov-4ga-173": "4022",
    "sov-4ga-94": "5623",
    "sov-53-hq": "5527", "sov-53-at": "5229 FF", "sov-53-1": "5229 FF", "sov-53-25": "5229 FF",
    "sov-53-art1": "5427", "sov-53-66": "4929 FF", "sov-53-214": "5429 FF", "sov-53-art2": "5828",
    "sov-53-art3": "6129", "sov-53-14": "5730 FF", "sov-53-138": "5931 FF", "sov-53-213": "6132 FF",
    "sov-53-art4": "6232", "sov-53-233": "6235 FF", "sov-53-89": "5529 FF", "sov-53-6": "6029",
    "sov-5gta-hq": "4326", "sov-xviii": "4529 4627", "sov-xx": "3031 3128 3327", "sov-xxix": "3924 4025",
    "sov-5gta-78": "4728 FF", "sov-v-cav": "3220 3520 3621 3821 FF", "sov-5gta-80": "3527 FF",
    "sov-5gta-84": "3828 FF", "sov-5gta-6para": "4128 FF", "sov-front2-art27": "4222",
    "sov-front2-fu2": "4326", "sov-front2-art8": "5126",
}
DS_NOTES = {
    "sov-v-g-arm": "'HQ, ARM-BR (GPanc./V) 2523', '21/V, 22/V G ARM. (-1 CEL) 2523', '20/V, G/V G ARM (-1 CEL) "
                   "2831 (FF)': 'G/V' read 6/V",
    "sov-52-hq": "listed as the 2nd Ukrainian Front's HQ above 52 Army's divisions: read 52 Army's HQ",
    "sov-4ga-5": "printed '5 INF': the 5 INF (para) of Korsuń 1944",
    "sov-27-159": "printed '159 RU': the 159 FU-BR of Korsuń 1944", "sov-27-54": "printed '54 INF-R FU': the "
    "54 FU-BR of Korsuń 1944", "sov-40-at": "the set-up line wraps: 'AT-BR (p-panc.), ARM-BR (GPanc.) 1826'",
    "sov-53-at": "the set-up line wraps: 'AT-BR (p-panc.), 1 INF (para), 25 INF 5229 (FF)'",
}
SOV_LOSSES = {"sov-v-mot": 2, "sov-xviii": 2, "sov-xx": 3, "sov-xxix": 2, "sov-v-cav": 2, "sov-4ga-gpanc": 1,
              "sov-v-g-arm": 1}
#: losses printed for some members only: (formation, member indices, label as printed)
PART_LOSSES = {"ger-14": [((1, 2), "103, III/36 of 14 ARM")],
               "sov-v-g-arm": [((0, 1), "20/V, G/V G ARM"), ((2, 3), "21/V, 22/V G ARM.")]}
for key, where in KS_SETUP.items():
    setup(KORSUN, key, where.replace(" FF", ""), where.endswith("FF"), KS)
for key, where in DS_SETUP.items():
    setup(DEBLOCKADE, key, where.replace(" FF", ""), where.endswith("FF"), DS, DS_NOTES.get(key, ""))
SOV_SCHEDULE = (  # (key, date, entry hex) as the OCR aligns the Soviet column (counters-notes.md)
    ("sov-5gta-78", "25 I", "6422"), ("sov-v-cav", "26 I", "6422"), ("sov-53-233", "27 I", "6430"),
    ("sov-5gta-80", "29 I", "6430"), ("sov-5gta-84", "29 I", "6430"), ("sov-5gta-6para", "31 I", "6430"),
    ("sov-53-89", "31 I", "6422"), ("sov-4ga-94", "31 I", "6422"), ("sov-53-6", "1 II", "6422"),
    ("sov-40-42", "1 II", "0130"), ("sov-2ta-hq", "4 II", "0123"), ("sov-2ta-11", "4 II", "0123"),
    ("sov-iii", "5 II", "0123"), ("sov-xvi", "5 II", "0123"), ("sov-4para", "6 II", "0115"),
    ("sov-v-g-mot", "7 II", "6422"), ("sov-xi-g", "8 II", "0112"), ("sov-340", "10 II", "0130"),
    ("sov-252", "12 II", "6422"),
)
SOV_NOTES = {
    "sov-53-89": "printed inside the German 31 I cell ('89 INF, 94 INF - 6422 B'): a Soviet entry hex, read as "
                 "the Soviet 31 I row; the trailing 'B' is left out",
    "sov-xi-g": "printed 'XIG ARM ... of 1 st Armored Army': read XI G ARM",
    "sov-v-g-mot": "printed 'V G MOT (...)*': the asterisk is not explained in the text",
}
SOV_NOTES["sov-4ga-94"] = SOV_NOTES["sov-53-89"]
for key, date, hex_ in SOV_SCHEDULE:
    arrive(KORSUN, key, date, hex_, SCHED, SOV_NOTES.get(key, ""))
    if DATES.index(date) >= DEBLOCKADE_OFFSET:
        arrive(DEBLOCKADE, key, date, hex_, SCHED, SOV_NOTES.get(key, ""))
for table in (KORSUN, DEBLOCKADE):
    table["sov-163"] = Placement(area="0130", source="unknown", note="'163 INF - 130' follows the last dated "
                                 "row of the schedule (12 II) with no date of its own: its entry hex is 0130, its "
                                 "turn is not in the text")

#: RGs of Korsuń 1944 that Deblockade does not set up (its RG line names four cities of the six)
NOT_IN_DEBLOCKADE = {"ger-rg-4", "ger-rg-5"}
GER_LOSSES = {"ger-198": 3, "ger-202": 1, "ger-471": 1, "ger-14": 1, "ger-11": 2, "ger-13": 1}


# -------------------------------------------------------------------------- writing

def counters() -> list[tuple[str, Formation, int]]:
    """Every counter: its id, its formation and its index in it."""
    found = []
    for key, entry in FORMATIONS.items():
        for index, _ in enumerate(entry.members):
            found.append((key if len(entry.members) == 1 else f"{key}-{index + 1}", entry, index))
    return found


def unit_row(counter_id: str, entry: Formation, index: int) -> dict[str, str]:
    designation, name = entry.members[index]
    type_ = entry.types.get(index, entry.type)
    back, steps, cel_source = FACES.get(type_, ("unknown", "", ""))
    notes = [entry.note] if entry.note and index == 0 else []
    if cel_source:
        notes.append(f"CELs: {cel_source}")
    return {"id": counter_id, "side": entry.side, "type": type_, "size": entry.sizes.get(index, entry.size),
            "designation": designation, "formation": entry.formation, "name": name,
            "attack": "", "defense": "", "movement": {"resilience_group": "-", "hq": "10"}.get(type_, ""),
            "leadership": "-" if type_ == "hq" else "", "front_source": "unknown",
            "movement_source": "rules: 9.1.2 (an HQ counter has 10 MPs)" if type_ == "hq" else "", "back": back,
            "back_attack": "", "back_defense": "", "back_movement": "", "back_source": "unknown",
            "steps": steps, "asterisk": "", "notes": "; ".join(notes)}


def placement(counter_id: str, entry: Formation, index: int, table: dict[str, Placement],
              losses: dict[str, int]) -> dict[str, str] | None:
    where = table.get(f"{entry.key}#{index}", table.get(entry.key))
    if where is None:
        return None
    notes = [where.note] if where.note else []
    if entry.key in losses:
        notes.append(f"{entry.label} starts with {losses[entry.key]} CEL(s) lost (scenario [[losses]])")
    row = {"setup": "", "setup_face": "front", "entry_turn": "", "entry_area": "", "role": "setup",
           "placement_source": where.source, "notes": "; ".join(notes)}
    if where.city:
        row["setup"] = where.hexes[0]
    elif where.hexes:
        hex_ = where.hexes[index % len(where.hexes)]
        row["setup"] = hex_
        label = f"{entry.label} {', '.join(dict.fromkeys(where.hexes))}" + (" (FF)" if where.ff else "")
        row["placement_source"] = f"{where.source} ({label})"
        if len(set(where.hexes)) > 1:
            row["notes"] = "; ".join(notes + ["the formation is put on its hexes and/or (Setup Aid): this "
                                              "counter on one of them"])
    elif where.turn is not None or (where.area and where.source == "unknown"):
        row.update(role="reinforcement", entry_turn=str(where.turn or ""), entry_area=where.area)
    elif where.source == "unknown":
        row.update(role="reinforcement", placement_source="unknown")
    else:       # a place the text names by its city only: the hex is on the printed map
        row.update(placement_source="unknown", notes="; ".join([f"{where.source}: {entry.label}"] + notes))
    return row


def fortified(table: dict[str, Placement]) -> list[str]:
    """The hexes a scenario's units start in Field Fortifications ('(FF)' in the set-up)."""
    return sorted({hex_ for where in table.values() if where.ff for hex_ in where.hexes})


def losses_toml(losses: dict[str, int]) -> str:
    """The ``[[losses]]`` of scenarios/deblockade.toml: each formation's CELs lost at the start."""
    parts = []
    for key, cels in losses.items():
        entry = FORMATIONS[key]
        ids = [(c, i) for c, e, i in counters() if e.key == key]
        for members, label in PART_LOSSES.get(key, [(tuple(i for _, i in ids), entry.label)]):
            chosen = ", ".join(f'"{c}"' for c, i in ids if i in members)
            parts.append(f'[[losses]]\nunits = [{chosen}]\ncels = {cels}\nsource = "rules: Deblockade '
                         f'{entry.side} Setup ({label} (-{cels} CEL{"s" if cels > 1 else ""}))"\n')
    return "\n".join(parts)


def main(folder: Path) -> None:
    with open(folder / "units.csv", "w", newline="", encoding="utf-8") as out:
        out.write("# Korsun 1944 (WB-95) counters: every unit the three scenarios set up or bring as reinforcements\n"
                  "# (rulebook SCENARIOS and the schedule of page 44), placed for 'Korsuń 1944' and 'The Retreat'.\n"
                  "# The book prints no counter values: strength, movement and CELs are unknown (empty) unless a\n"
                  "# rule states them for a class; an owner enters them in owner-values.csv (docs/data-format.md).\n"
                  "# Written by sources/make_units.py; doubts in sources/counters-notes.md.\n")
        writer = csv.DictWriter(out, COLUMNS, lineterminator="\n")
        writer.writeheader()
        for counter_id, entry, index in counters():
            row = unit_row(counter_id, entry, index)
            where = placement(counter_id, entry, index, KORSUN, {})
            if where is None:
                raise SystemExit(f"{counter_id}: not in Korsuń 1944")
            notes = "; ".join(n for n in (row.pop("notes"), where.pop("notes")) if n)
            writer.writerow(row | where | {"notes": notes})
    with open(folder / "scenarios" / "deblockade.csv", "w", newline="", encoding="utf-8") as out:
        out.write("# Deblockade: where each counter of units.csv sets up or enters (rulebook SCENARIOS, Deblockade\n"
                  "# German and Soviet Setup; the schedule of page 44 from 3 II on, turn 1 = 3 II). A counter not\n"
                  "# listed is not in this scenario. Written by sources/make_units.py.\n")
        writer = csv.DictWriter(out, SCENARIO_COLUMNS, lineterminator="\n")
        writer.writeheader()
        for counter_id, entry, index in counters():
            where = placement(counter_id, entry, index, DEBLOCKADE, GER_LOSSES | SOV_LOSSES)
            if where is not None and counter_id not in NOT_IN_DEBLOCKADE:
                writer.writerow({"id": counter_id} | where)
    if "--print-toml" in sys.argv:
        print("# Korsuń 1944 FF:", " ".join(fortified(KORSUN)))
        print("# Deblockade FF:", " ".join(fortified(DEBLOCKADE)))
        print(losses_toml(GER_LOSSES | SOV_LOSSES))


if __name__ == "__main__":
    main(Path(__file__).resolve().parent.parent)
