"""The rules families (``family``: the interface; ``families``: the registry; ``judgement``: what
a family answers) and the mechanisms of the Army Group South family, as plain functions over a
:class:`~engine.rules.situation.Situation`. Every number comes from the game data (``[rules.*]``,
``charts/terrain.toml``, ``charts/crt.csv``, the map); a rule whose input is missing or unknown
answers "unchecked" with the reason (:mod:`engine.rules.verdict`).

One module per concern:

- ``situation``: the position the rules look at (units, faces, turn, phase, city control).
- ``verdict``: legal / illegal / unchecked answers with their case, and parameter access.
- ``terrain``: entry costs and the defender's terrain multiplier [AGS 10.0].
- ``zoc``: zones of control by purpose (movement, supply, retreat) [AGS 8.0].
- ``pathfinding`` and ``movement``: allowances and the movement check [AGS 5.0].
- ``rail``: rail movement and capacity [AGS 5.3].
- ``stacking``: stacking limits [AGS 7.0].
- ``supply``: supply states and lines of communications [AGS 11.3, 12.0].
- ``combat`` and ``results``: odds, CRT results and losses [AGS 9.0].
- ``reinforcements``: entry and schedules [AGS 15.0].
- ``board``: map edges.
- ``ags``: the family itself, composing these by phase, with each game's own modules
  (``ags/kiev``: Stalin's Directive).

Where a game's exclusive rules state or change a mechanism, its data names the case a finding
cites (``rules.game_cases``, :func:`verdict.game_case`).
"""
