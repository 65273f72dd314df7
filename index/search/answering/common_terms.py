"""Leaving out of a word search the words that most rules use.

A plain question is an OR of its words. A word that a quarter of the rules
contain ("ability", "card", "player", and the heading words "rule" and
"keyword" that every rule under a heading carries) adds little to a rule's
BM25F score, its IDF being low, yet Whoosh scores every rule that has it:
"can I cast an instant while my stuff is untapping" matched 619 of the
latest edition's 4,057 rules. Such words are left out of the words' search
when the question has rarer ones; the sentence vectors, the coverage prior
and the snippets still see the whole question.

Measured on the development questions (313) over the whole corpus, a share
of 1 (nothing left out) / 0.3 / 0.25 / 0.2 / 0.15 put the answer in the top
3 for 77.0 / 77.0 / 77.3 / 76.7 / 76.7% of them (MRR 0.685 / 0.688 / 0.690 /
0.688 / 0.691), and cut BM25's part of a word search of the latest edition
by about a seventh at 0.25 (p95 10.1 to 8.7 ms).
"""

from __future__ import annotations

from typing import Any

from whoosh import query as wq

__all__ = ["COMMON_SHARE", "without_common"]

COMMON_SHARE = 0.25


def without_common(query: wq.Query, searcher: Any, share: float = COMMON_SHARE) -> wq.Query:
    """``query`` without the single words found in more than ``share`` of ``searcher``'s rules.

    Only a plain OR of words is touched, and only when a part that stays is
    in some rule: a question made of common words alone, or of common words
    and a misspelt one ("card abilty"), is asked whole.
    """
    if not isinstance(query, wq.Or):
        return query
    bar = share * searcher.doc_count_all()
    kept, found = [], False
    for sub in query.subqueries:
        if not isinstance(sub, wq.Term):
            kept.append(sub)
            found = True  # a phrase, or a word's other forms: may well match
            continue
        frequency = searcher.doc_frequency(sub.fieldname, sub.text)
        if frequency <= bar:
            kept.append(sub)
            found = found or frequency > 0
    if not found or len(kept) == len(query.subqueries):
        return query
    return wq.Or(kept, boost=query.boost)
