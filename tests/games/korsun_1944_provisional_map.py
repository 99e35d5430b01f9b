"""A provisional map for Korsun 1944 while k1944-map's map/ is not merged (K1944.md): the grid the
digest infers (columns 01-64, rows 00-35), every hex clear, and the entry areas the game data names
(zones A-F on the southern edge, the Soviet entry hexes), so that the data can be loaded in tests.
Written only into a test's temporary copy, never under games/korsun-1944/map/."""

from __future__ import annotations

from pathlib import Path

SOURCE = "reconstructed: provisional test map (tests/games/korsun_1944_provisional_map.py)"
SOVIET_ENTRIES = ("0112", "0115", "0123", "0130", "6422", "6430")


def write_provisional_map(game_folder: Path) -> None:
    """Write map/*.csv and map/grid.toml into ``game_folder`` (a copy of games/korsun-1944)."""
    folder = game_folder / "map"
    folder.mkdir(exist_ok=True)
    (folder / "grid.toml").write_text(
        'board = "Korsun 1944"\norientation = "columns"\nshifted = "even"\nfirst_col = 1\nlast_col = 64\n'
        'first_row = 0\nlast_row = 35\ncol_digits = 2\nrow_digits = 2\ndescending_cols = false\n'
        f'descending_rows = false\nsource = "{SOURCE}"\n\n[art]\nhex_height = 40\nmargin = 20\n', encoding="utf-8")
    hexes = [f"{c:02d}{r:02d}" for c in range(1, 65) for r in range(0, 36)]
    (folder / "hexes.csv").write_text("hex,terrain,source\n" + "".join(f"{h},clear,{SOURCE}\n" for h in hexes),
                                      encoding="utf-8")
    (folder / "hexsides.csv").write_text("hex,other,feature,name,source\n", encoding="utf-8")
    (folder / "lines.csv").write_text("kind,name,hexes,source\n", encoding="utf-8")
    (folder / "places.csv").write_text("hex,name,kind,vp,source\n", encoding="utf-8")
    zones = [f"{zone},German,entry,{' '.join(f'{c:02d}35' for c in range(1 + 10 * n, 11 + 10 * n))},{SOURCE}\n"
             for n, zone in enumerate("ABCDEF")]
    soviet = [f"{hex_},Soviet,entry,{hex_},{SOURCE}\n" for hex_ in SOVIET_ENTRIES]
    (folder / "areas.csv").write_text("area,side,purpose,hexes,source\n" + "".join(zones + soviet), encoding="utf-8")
