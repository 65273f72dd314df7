"""What crdex learns across editions of the rules.

:mod:`.library` keeps the documents of a corpus, their parse caches and the
chain of editions; :mod:`.lineage` follows every rule through that chain
(the identity graph, history, resolve, diff); :mod:`.answers` answers
those questions for a library; :mod:`.search`, :mod:`.export`,
:mod:`.placement` and :mod:`.rulings` build on them. :mod:`.storage` is the
machinery under all of them (generations, packed files, workers).
"""

__all__: list[str] = []
