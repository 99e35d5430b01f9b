"""The WB-95 family (Taktyka i Strategia: Korsun 1944): its vocabulary (``vocabulary``) and its
registered family (``family``).

The family registers itself as ``wb95`` (``engine.rules.families``); this package's own
``__init__`` imports nothing, so that the shared mechanisms may use its vocabulary.
"""
