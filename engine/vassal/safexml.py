"""Parsing XML from other people's files (buildFile, moduledata, savedata) safely.

A module's XML must never make the reader fetch a URL, read a local file or expand entities
into gigabytes, so the parser loads no DTD, resolves no entities, touches no network, and a
document that declares a DTD of its own is refused outright (VASSAL writes none).
"""

from __future__ import annotations

from lxml import etree

from vmodgen.engine.vassal.errors import ReadError
from vmodgen.engine.vassal.limits import MAX_XML_BYTES



def parse_xml(data: bytes, path: str, entry: str) -> etree._Element:
    """The root element of ``entry`` (inside archive ``path``), or a ReadError saying what is wrong."""
    if len(data) > MAX_XML_BYTES:
        raise ReadError(path, f"{entry} is larger than {MAX_XML_BYTES} bytes")
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                             dtd_validation=False, huge_tree=False, remove_comments=True)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as error:
        raise ReadError(path, f"{entry} is not well-formed XML ({error})") from None
    docinfo = root.getroottree().docinfo
    if docinfo.internalDTD is not None or docinfo.externalDTD is not None or docinfo.doctype:
        raise ReadError(path, f"{entry} declares a DTD (refusing XML entities)")
    return root
