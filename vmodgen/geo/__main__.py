"""``python -m vmodgen.geo GAME_DIR``: the same as ``vmodgen derive-map GAME_DIR``."""

from __future__ import annotations

import sys

from vmodgen.cli import main

if __name__ == "__main__":
    main(["derive-map", *sys.argv[1:]], prog_name="python -m vmodgen.geo")
