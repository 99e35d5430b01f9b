"""Packing a module: moduledata, a deterministic zip, and an atomic write.

Entries are sorted, carry a fixed timestamp and fixed permissions, so the same input gives the
same bytes. The archive is written to a temporary file beside the target and renamed over it
only when complete: an error never leaves half a module behind.
"""

from __future__ import annotations

import os
import tempfile
import zipfile
from collections.abc import Mapping
from pathlib import Path

from lxml import etree

FIXED_TIME = (2000, 1, 1, 0, 0, 0)
# PNGs are already compressed; deflating them again only costs time.
STORED_SUFFIXES = (".png",)


def moduledata(name: str, version: str, vassal_version: str, description: str) -> bytes:
    root = etree.Element("data", version="1")
    for tag, text in (("version", version), ("extra1", ""), ("extra2", ""),
                      ("VassalVersion", vassal_version), ("dateSaved", "0"),
                      ("description", description), ("name", name)):
        etree.SubElement(root, tag).text = text or None
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True,
                          standalone=False)


def remove_stale_parts(path: Path) -> list[Path]:
    """Delete what a killed earlier write of ``path`` left: its ``.<name>.*.part`` temporaries.

    Only this target's own temporaries are touched (their names start with the target's), so
    other files in the folder, other modules' temporaries included, are left alone.
    """
    stale = [p for p in path.parent.glob(f".{glob_escape(path.name)}.*.part") if p.is_file()]
    for part in stale:
        part.unlink(missing_ok=True)
    return stale


def glob_escape(name: str) -> str:
    """``name`` with glob's special characters taken literally."""
    return "".join(f"[{c}]" if c in "*?[" else c for c in name)


def zip_bytes_to(path: Path, entries: Mapping[str, bytes]) -> None:
    """Write the entries as a zip at ``path``, atomically."""
    path.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_parts(path)
    handle, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as raw, zipfile.ZipFile(raw, "w") as archive:
            for name in sorted(entries):
                info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
                info.compress_type = (zipfile.ZIP_STORED if name.endswith(STORED_SUFFIXES)
                                      else zipfile.ZIP_DEFLATED)
                info.external_attr = 0o644 << 16
                info.create_system = 3
                archive.writestr(info, entries[name])
        os.chmod(temp_name, 0o644)  # mkstemp makes it private; a module is for sharing
        os.replace(temp_name, path)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise
