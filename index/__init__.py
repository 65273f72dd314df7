"""What crdex learns across editions of the rules.

The library (:mod:`.library`) caches parsed documents and the identity
graph; the graph follows every rule through the editions
(:mod:`.snapshot`, :mod:`.match`, :mod:`.lineage`, :mod:`.graph`, with the
human decisions in :mod:`.overrides_list`); :mod:`.questions` answers
history, resolve and diff from it. Search, exports and citation checks
live in subpackages.
"""

__all__: list[str] = []
