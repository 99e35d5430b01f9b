"""VASSAL's SequenceEncoder under its file-format name.

The codec itself lives in :mod:`vmodgen.engine.sequence`, below both the grids (which decode
formatted names and zone paths with it) and the file readers here, so that neither package
imports the other through it. Readers of saves and modules import it from here.
"""

from __future__ import annotations

from vmodgen.engine.sequence import Decoder, decode, encode, escape

__all__ = ["Decoder", "decode", "encode", "escape"]
