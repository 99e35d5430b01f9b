"""PNG encoding is deterministic: no timestamps or text chunks, the same bytes every time."""

from __future__ import annotations

from PIL import Image

from vmodgen.art.png import png_bytes


def test_png_bytes_are_the_same_for_the_same_picture() -> None:
    image = Image.new("RGB", (8, 8), (10, 20, 30))
    assert png_bytes(image) == png_bytes(image.copy())


def test_png_bytes_drop_the_metadata_a_picture_carries() -> None:
    image = Image.new("RGB", (8, 8))
    image.info["dpi"] = (300, 300)
    image.info["Creation Time"] = "today"
    data = png_bytes(image)
    for chunk in (b"tEXt", b"tIME", b"pHYs", b"zTXt", b"iTXt"):
        assert chunk not in data
