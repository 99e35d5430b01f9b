"""Writing a save or log as VASSAL writes one: a zip of ``savedGame`` (``!VCSK`` obfuscated),
``savedata`` and ``moduledata``, byte for byte the same for the same input.

VASSAL picks a random obfuscation key and stamps the time; this writer takes both as arguments
(a fixed key and date by default), so a rebuilt setup file only changes when its content does.

>>> write_game("setup.vsav", "begin_save\\x1bend_save", module_name="Kiev", module_version="1.0")  # doctest: +SKIP
"""

from __future__ import annotations

import io
import os
import zipfile
from typing import BinaryIO

from vmodgen.engine.vassal.commands import Command
from vmodgen.engine.vassal.obfuscation import obfuscate
from vmodgen.engine.vassal.savefile import SAVEFILE_ENTRY
from vmodgen.engine.vassal.tree import encode_tree

ZIP_DATE = (2021, 10, 31, 0, 0, 0)


def xml_escape(text: str) -> str:
    """``xml.sax.saxutils.escape`` (``&``, ``<``, ``>``), without importing it: that module pulls
    in urllib and http, a tenth of every command's start-up, for three replacements.

    >>> xml_escape("<Kiev & Dnieper>")
    '&lt;Kiev &amp; Dnieper&gt;'
    """
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def metadata_xml(fields: dict[str, str | None]) -> bytes:
    """A ``<data version="1">`` metadata document (savedata/moduledata) with these fields."""
    lines = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>', '<data version="1">']
    for tag, value in fields.items():
        lines.append(f"  <{tag}/>" if not value else f"  <{tag}>{xml_escape(value)}</{tag}>")
    lines.append("</data>")
    return ("\n".join(lines) + "\n").encode("utf-8")


def write_game(path: str | os.PathLike[str] | BinaryIO, game: str | Command, *, module_name: str, module_version: str,
               vassal_version: str = "3.6.0", description: str | None = None, date_saved: str = "0",
               moduledata: bytes | None = None, key: int = 0x2A) -> None:
    """Write ``game`` (a command tree or its text) as a save/log archive at ``path``.

    ``moduledata`` is the module's own metadata entry (VASSAL copies it in); without it one is
    made from the module name and version.
    """
    text = game if isinstance(game, str) else encode_tree(game)
    savedata = metadata_xml({"version": module_version, "VassalVersion": vassal_version,
                             "dateSaved": date_saved, "description": description})
    if moduledata is None:
        moduledata = metadata_xml({"version": module_version, "extra1": None, "extra2": None,
                                   "VassalVersion": vassal_version, "dateSaved": date_saved,
                                   "description": None, "name": module_name})
    entries = [(SAVEFILE_ENTRY, obfuscate(text.encode("utf-8"), key)), ("savedata", savedata),
               ("moduledata", moduledata)]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)


def game_bytes(game: str | Command, *, module_name: str, module_version: str, description: str | None = None) -> bytes:
    """The bytes ``write_game`` writes, for a file that goes inside another archive (a module's
    predefined setups)."""
    buffer = io.BytesIO()
    write_game(buffer, game, module_name=module_name, module_version=module_version, description=description)
    return buffer.getvalue()
