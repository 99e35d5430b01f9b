"""The Panzergruppe Guderian family (SPI 1976): its vocabulary (``vocabulary``) and its
registered family (``family``).

The family registers itself as ``pgg`` (``engine.rules.families``); this package's own
``__init__`` imports nothing, so that the shared mechanisms may use its vocabulary.
"""
