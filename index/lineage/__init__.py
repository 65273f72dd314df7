"""Following every rule across editions: identities, their versions, and the questions asked of them.

``snapshot`` takes the slice of an edition that matching needs; ``content``
and ``classify`` fold and compare wordings; ``match`` pairs the rules of two
editions in phases, with ``overrides`` for the decisions a person made;
``build`` runs it over the chain and makes the ``graph``. On the graph:
``editions`` names an edition, ``history``, ``resolve`` and ``diff`` answer
the questions, ``worddiff`` compares two wordings word by word (their text
for people is :mod:`crdex.text`). (The graph is compared with another
project's edition-to-edition diffs in ``bench/evaluation/crosscheck.py``.)
"""

from typing import TYPE_CHECKING

from crdex.lazy import lazy_names

if TYPE_CHECKING:
    from .build import PairResult, build_graph, match_pair, phase_totals

__all__ = ["PairResult", "build_graph", "match_pair", "phase_totals"]

# imported on first use: reading the graph's questions does not load the matcher
_HOME = dict.fromkeys(__all__, "build")

__getattr__, __dir__ = lazy_names(__name__, _HOME, __all__)
