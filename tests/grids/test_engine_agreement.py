"""Every grid kind names map points exactly as the engine does (``grids.vmod``, answers of ``oracle grid``)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from vmodgen.engine.vassal.module import read_module
from tests.oracle import ENGINES, run_oracle

DATA = Path(__file__).resolve().parent / "data"
ANSWERS = json.loads((DATA / "grids.engine.json").read_text())
MODULE = read_module(DATA / "grids.vmod")


@pytest.mark.parametrize("map_name", sorted(ANSWERS))
def test_location_names_equal_the_engines_at_every_sampled_point(map_name: str) -> None:
    layout = MODULE.map_by_id(map_name).layout(None)
    wrong = [(x, y, name, layout.location_name(x, y)) for x, y, name in ANSWERS[map_name]
             if layout.location_name(x, y) != name]
    assert wrong == []


def test_the_sample_covers_edges_offboard_zones_regions_reversal_and_decks() -> None:
    names = {name for points in ANSWERS.values() for _, _, name in points}
    assert {"offboard", "Pile", "Lake", "Road 0105", "Town of Label (unknown)", "T"} <= names
    assert "A" not in {name for _, _, name in ANSWERS["Regions"]}  # region T replaced A at the same point


@pytest.mark.parametrize("engine", ENGINES)
def test_the_committed_answers_are_still_the_engines(engine: str) -> None:
    sample = random.Random(7).sample([(m, p) for m, pts in ANSWERS.items() for p in pts], 40)
    for map_name in {m for m, _ in sample}:
        points = [p for m, p in sample if m == map_name]
        report = run_oracle("grid", DATA / "grids.vmod", "--map", map_name,
                            *[str(v) for x, y, _ in points for v in (x, y)], engine=engine)
        assert [[p["x"], p["y"], p["location"]] for p in report["points"]] == points
