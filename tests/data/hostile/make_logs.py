"""Write the hostile test logs of tests/data/hostile from the engine-written Kiev logs.

``passwords.vlog``: the engine-written ``illegal-turn1.vlog`` with the players' passwords put in
where VASSAL puts them (a roster of two seats; every move names its mover by password), plus a
damaged move and a damaged roster entry that carry a password too. The reader must never let
one of them out. Written with our own writer (engine/vassal/writer.py).

Run from the repository root: ``python tests/data/hostile/make_logs.py``.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

from vmodgen.engine.vassal.obfuscation import deobfuscate
from vmodgen.engine.vassal.savefile import read_game
from vmodgen.engine.vassal.writer import write_game

HERE = Path(__file__).resolve().parent
SOURCE = HERE.parent / "checks" / "kiev" / "illegal-turn1.vlog"
ESC = "\x1b"
#: The passwords the hostile logs hold (tests scan every output for them).
PASSWORDS = {"Soviet": "hunter2-soviet", "German": "Geheim!Pass 42"}
#: A move inside a step as the engine wrote it: nine fields and an empty player field.
NESTED_MOVE = re.compile(r"(LOG\tM/(?:[^/\\\x1b]*/){9})(?=\\\x1b|\x1b|$)")


def raw_text(path: Path) -> str:
    with zipfile.ZipFile(path) as archive:
        return deobfuscate(archive.read("savedGame")).decode("utf-8")


def with_passwords(text: str) -> str:
    roster = [f"PLAYER\t{PASSWORDS['Soviet']}\tIvan\tSoviet", f"PLAYER\t{PASSWORDS['German']}\tHans\tGerman"]
    parts = text.split(ESC + "end_save", 1)
    text = parts[0] + "".join(ESC + seat for seat in roster) + ESC + "end_save" + parts[1]
    text = NESTED_MOVE.sub(lambda m: m.group(1) + PASSWORDS["German"], text)
    damaged = [f"LOG\tM/nope/Kiev/1x/2/null/Kiev/3/4/null/{PASSWORDS['Soviet']}",
               f"LOG\tPLAYER\t{PASSWORDS['German']}\tHans"]
    return text + "".join(ESC + entry for entry in damaged)


def main() -> None:
    metadata = read_game(SOURCE).metadata
    write_game(HERE / "passwords.vlog", with_passwords(raw_text(SOURCE)), module_name=metadata.module_name or "",
               module_version=metadata.module_version or "", vassal_version=metadata.vassal_version or "3.6.0")


if __name__ == "__main__":
    main()
