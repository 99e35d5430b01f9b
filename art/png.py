"""Deterministic PNG encoding: the same picture always gives the same bytes.

Pillow writes no timestamp unless asked, but it would copy any ``info`` an image carries (dpi,
text chunks, gamma) into the file; encoding a clean copy with fixed settings keeps a rebuilt
module byte-identical, so a diff of two builds shows only what really changed.

>>> from PIL import Image
>>> png_bytes(Image.new("RGB", (2, 2))) == png_bytes(Image.new("RGB", (2, 2)))
True
"""

from __future__ import annotations

import io

from PIL import Image


def png_bytes(image: Image.Image) -> bytes:
    """The PNG file of ``image`` with no metadata and a fixed compression level."""
    mode = image.mode if image.mode in ("RGB", "RGBA", "L", "LA") else "RGBA"
    clean = Image.frombytes(mode, image.size, image.convert(mode).tobytes())
    buffer = io.BytesIO()
    clean.save(buffer, format="PNG", compress_level=9, optimize=False)
    return buffer.getvalue()
