"""What a rules coverage table's rows name as proof (test files, tests, engine logs) and which of
them do not exist: shared by the coverage-table tests of the WB-95 and PGG games, whose rows say
``test_x.py::test_y, engine log `name` `` and whose logs are kept as written by both engines."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
TOKEN = re.compile(r"((?:tests/[\w/]+/)?test_\w+\.py)|::(test_\w+)|engine logs? `([a-z0-9-]+)`(?:, `([a-z0-9-]+)`)?")


def missing_proofs(cells: Iterable[str], tests: Sequence[Path], logs: Path) -> list[str]:
    """The test files, tests (``::name``, in the file named before it) and engine logs (3.6 and
    3.7) the cells name that are not there."""
    missing = []
    for cell in cells:
        source: Path | None = None
        for path, test, *names in TOKEN.findall(cell):
            if path:
                source = _source(path, tests)
                if source is None:
                    missing.append(path)
            elif test:
                if source is None or f"def {test}(" not in source.read_text(encoding="utf-8"):
                    missing.append(f"{source}::{test}")
            for log in filter(None, names):
                if not (logs / f"{log}.vlog").exists() or not (logs / "3.7" / f"{log}.vlog").exists():
                    missing.append(f"{log}.vlog")
    return missing


def _source(name: str, tests: Sequence[Path]) -> Path | None:
    if name.startswith("tests/"):
        return REPO / name if (REPO / name).exists() else None
    return next((folder / name for folder in tests if (folder / name).exists()), None)
