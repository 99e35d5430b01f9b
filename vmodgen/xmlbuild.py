"""Writing buildFile.xml with lxml: element names are VASSAL class names, attributes strings.

lxml does the escaping (including the tabs inside piece definitions); attributes keep the order
the code gives them, so the same game always gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Mapping

from lxml import etree

Element = etree._Element


def element(tag: str, attrs: Mapping[str, object] | None = None, text: str | None = None) -> Element:
    node = etree.Element(tag)
    _fill(node, attrs, text)
    return node


def child(parent: Element, tag: str, attrs: Mapping[str, object] | None = None,
          text: str | None = None) -> Element:
    node = etree.SubElement(parent, tag)
    _fill(node, attrs, text)
    return node


def _fill(node: Element, attrs: Mapping[str, object] | None, text: str | None) -> None:
    for key, value in (attrs or {}).items():
        node.set(key, _text(value))
    if text is not None:
        node.text = text


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def serialize(root: Element) -> bytes:
    """UTF-8 XML with its declaration, as VASSAL's own module writer starts it."""
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True,
                          standalone=False)
