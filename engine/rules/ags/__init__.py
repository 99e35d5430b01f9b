"""The Army Group South family (Kiev, Rostov, Operation Star, Korsun): which mechanisms of
``engine.rules`` apply in which phase, composed over phase records (``family``), its vocabulary
(``vocabulary``), the opening position (``setup``, ``position``) and the movement and combat
phases (``movement_phase``, ``combat_phase``).

The family registers itself as ``ags`` (``engine.rules.families``); this package's own
``__init__`` imports nothing, so that the shared mechanisms may use its vocabulary.
"""
