"""Kiev's exclusive rules that are logic rather than data (the rest are ``games/kiev/game.toml``
``[rules.*]`` parameters): Stalin's Directive (``stalin``). The family registers them
(``engine.rules.ags.family``); each finds nothing in a game whose data lacks its parameters."""

from __future__ import annotations

from vmodgen.engine.rules.ags.kiev.stalin import STALINS_DIRECTIVE

MOVEMENT_PHASE_RULES = (STALINS_DIRECTIVE,)
