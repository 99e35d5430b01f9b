"""Writing the map files: sorted rows, no floats, so the same input gives the same bytes."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from vmodgen.geo import TOOL

HEADER = f"# Written by {TOOL} from sources/reconstruction.toml; do not edit by hand.\n"


def write_csv(path: Path, header: list[str], rows: list[list[str]]) -> None:
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    path.write_text(HEADER + text.getvalue(), encoding="utf-8")


def write_grid(path: Path, grid: dict, art: dict) -> None:
    def value(v: object) -> str:
        return ("true" if v else "false") if isinstance(v, bool) else (
            f'"{v}"' if isinstance(v, str) else str(v))
    lines = [HEADER.rstrip("\n")] + [f"{k} = {value(v)}" for k, v in grid.items()]
    lines += ["", "[art]"] + [f"{k} = {value(v)}" for k, v in art.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
