"""The registry of rules families, found by the ``system`` a game's ``game.toml`` names (as
python-chess finds a variant with ``find_variant``).

>>> find_family("ags").name
'ags'
>>> try:
...     find_family("xyz")
... except UnknownFamily as error:
...     print(error)
no rules family 'xyz' (known: ags, pgg, wb95)
"""

from __future__ import annotations

from importlib import import_module

from vmodgen.engine.rules.ags.family import AGS
from vmodgen.engine.rules.family import RulesFamily

_FAMILIES: dict[str, RulesFamily] = {}
# Built-in families imported when first asked for (module, name): a check of one game need not
# import the others' rules (some 0.015 s of a 13-turn Kiev check).
_BUILT_IN = {"pgg": ("vmodgen.engine.rules.pgg.family", "PGG"),
             "wb95": ("vmodgen.engine.rules.wb95.family", "WB95")}


class UnknownFamily(KeyError):
    """A ``system`` no registered family answers to; ``str()`` is the one-line message."""

    def __str__(self) -> str:
        return str(self.args[0])


def register(family: RulesFamily) -> RulesFamily:
    """Make a family findable by its name; a second family of the same name is a mistake."""
    if family.name in _FAMILIES and _FAMILIES[family.name] is not family:
        raise ValueError(f"a rules family named {family.name!r} is already registered")
    _FAMILIES[family.name] = family
    return family


def unregister(name: str) -> None:
    """Forget a family (a test's plug-in, once the test is done)."""
    _FAMILIES.pop(name, None)


def find_family(name: str) -> RulesFamily:
    """The family registered under ``name``; :class:`UnknownFamily` names the known ones."""
    if name not in _FAMILIES and name in _BUILT_IN:
        module, attribute = _BUILT_IN.pop(name)
        register(getattr(import_module(module), attribute))
    try:
        return _FAMILIES[name]
    except KeyError:
        raise UnknownFamily(f"no rules family {name!r} (known: {', '.join(known_families())})") from None


def known_families() -> list[str]:
    return sorted({*_FAMILIES, *_BUILT_IN})


register(AGS)
