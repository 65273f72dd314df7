"""What crdex learns across editions of the rules.

:mod:`.library` keeps the documents of a corpus, their parse caches and the
chain of editions; :mod:`.lineage` follows every rule through that chain
(the identity graph, history, resolve, diff); :mod:`.questions` answers
those questions for a library. :mod:`.search`, :mod:`.export` and
:mod:`.citations` build on them.
"""

__all__: list[str] = []
