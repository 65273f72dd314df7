"""Link-making: rule references and glossary terms in rule text, as escaped HTML.

Every rule number the text cites and every glossary term it uses becomes a
link to the edition being read, as on a hyperlinked rules site. References
come from the parsed tree (each with its offset in the rule's text and
examples, ranges such as "601.2a–h" expanded), so nothing is guessed twice;
a reference to a rule the edition lacks stays plain text with a note.
Glossary terms are found by words, longest phrase first ("Activated
Ability" before "Ability"), a plural also finding its term, and each term
is linked once per rule; terms so common that a link would be noise (in
more than a few percent of the edition's rules) are not linked. Everything between links is escaped: rule text
contains ``<``, ``&`` and quotes, and a crafted document can contain
anything.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from urllib.parse import quote

from markupsafe import Markup, escape

from crdex.parser.references import extract_references
from crdex.parser.tree import GlossaryEntry, Reference

__all__ = [
    "Linker",
    "TermIndex",
    "diff_url",
    "edition_url",
    "identity_url",
    "rule_url",
    "term_url",
]

_WORD = re.compile(r"[A-Za-z0-9]+(?:['’][A-Za-z]+)*")
_PARENTHESIS = re.compile(r"\s*\([^)]*\)")
_LONGEST = 6  # words in the longest phrase looked up


def edition_url(edition: str) -> str:
    return f"/e/{quote(edition, safe='')}"


def rule_url(edition: str, number: str, anchor: str | None = None) -> str:
    url = f"/e/{quote(edition, safe='')}/{quote(number, safe='')}"
    return f"{url}#{quote(anchor, safe='')}" if anchor else url


def term_url(edition: str, term: str) -> str:
    return f"/e/{quote(edition, safe='')}/glossary/{quote(term, safe='')}"


def identity_url(identity: str) -> str:
    """The permanent link of a rule identity ("2004-06-01/502.36")."""
    return f"/id/{quote(identity, safe='/:')}"


def diff_url(old: str, new: str) -> str:
    return f"/diff/{quote(old, safe='')}/{quote(new, safe='')}"


def _key(words: Iterable[str]) -> str:
    return " ".join(w.casefold().replace("’", "'") for w in words)


def _singulars(key: str) -> list[str]:
    """The singular forms a plural phrase may come from ("abilities" → "ability")."""
    out = []
    if key.endswith("ies"):
        out.append(key[:-3] + "y")
    if key.endswith("es"):
        out.append(key[:-2])
    if key.endswith("s") and not key.endswith("ss"):
        out.append(key[:-1])
    return out


class TermIndex:
    """The glossary of one edition as phrases to find in text.

    A term may name several phrases: "Control/Controller", "Respond/Response
    (Informal)", "\u201cAs Though\u201d" give "control", "controller",
    "respond", "response" and "as though"; aliases count too. Text is read
    word by word, a phrase growing only while it is the beginning of some
    term's phrase, so most words cost one set lookup.
    """

    def __init__(self, entries: Iterable[GlossaryEntry]) -> None:
        self.phrases: dict[str, str] = {}
        for entry in entries:
            if entry.obsolete:
                continue
            for name in (entry.term, *entry.aliases):
                for part in _PARENTHESIS.sub("", name).split("/"):
                    words = _WORD.findall(part)
                    if words and len(words) <= _LONGEST:
                        self.phrases.setdefault(_key(words), entry.term)
        self._index()

    def _index(self) -> None:
        # every phrase and every beginning of one ("activated", "activated ability")
        self._prefixes = {
            " ".join(key.split(" ")[:n])
            for key in self.phrases
            for n in range(1, key.count(" ") + 2)
        }
        self._terms: dict[str, str | None] = {}

    def _term(self, key: str) -> str | None:
        """The term of a phrase as written, its last word perhaps a plural ("abilities")."""
        if key in self._terms:
            return self._terms[key]
        term = self.phrases.get(key) or next(
            (self.phrases[s] for s in _singulars(key) if s in self.phrases), None
        )
        self._terms[key] = term
        return term

    def drop_common(self, texts: list[str], share: float) -> None:
        """Stop linking terms found in more than ``share`` of ``texts`` (the rules of the edition).

        "Player", "card", "you" and "if" are glossary terms too; linked
        everywhere they would bury the links that help. Which terms are that
        common is read from the edition itself.
        """
        seen: dict[str, int] = {}
        for text in texts:
            for term in {term for _start, _end, term in self.find(text)}:
                seen[term] = seen.get(term, 0) + 1
        common = {term for term, n in seen.items() if n > share * len(texts)}
        self.phrases = {k: v for k, v in self.phrases.items() if v not in common}
        self._index()

    def find(self, text: str) -> list[tuple[int, int, str]]:
        """(start, end, term) of each phrase found, longest first, not overlapping."""
        words = list(_WORD.finditer(text))
        keys = [w.group().casefold().replace("’", "'") for w in words]
        prefixes = self._prefixes
        out: list[tuple[int, int, str]] = []
        i = 0
        while i < len(keys):
            phrase = keys[i]
            term = self._term(phrase)
            best = (i, term) if term else None
            j = i
            # grow the phrase while it begins some term's and the words are one space apart
            while (
                phrase in prefixes
                and j + 1 < len(keys)
                and text[words[j].end() : words[j + 1].start()] == " "
            ):
                j += 1
                phrase = f"{phrase} {keys[j]}"
                term = self._term(phrase)
                if term:
                    best = (j, term)
            if best is None:
                i += 1
                continue
            last, term = best
            out.append((words[i].start(), words[last].end(), term))
            i = last + 1
        return out


@dataclass(slots=True)
class Linker:
    """Turns the texts of one edition into HTML with links, for one page.

    ``has_rule`` says whether the edition has a rule (or section) number;
    ``skip`` holds terms not to link (the term of the page itself).
    """

    edition: str
    has_rule: Callable[[str], bool]
    terms: TermIndex | None = None
    skip: set[str] = field(default_factory=set)
    _linked: set[str] = field(default_factory=set)

    def new_rule(self) -> None:
        """Terms are linked once per rule: a new rule links them again."""
        self._linked.clear()

    def rule(self, text: str, examples: list[str], refs: list[Reference]) -> list[Markup]:
        """The text and each example of a rule, linked; ``refs`` are offsets into them joined."""
        blocks = [text, *examples]
        out: list[Markup] = []
        base = 0
        for block in blocks:
            inside = [r for r in refs if base <= r.start < base + len(block)]
            out.append(self._render(block, self._ref_spans(block, inside, base)))
            base += len(block) + 1
        return out

    def text(self, text: str, refs: list[Reference] | None = None) -> Markup:
        """One text (a definition, a ruling); references are found when not given."""
        found = refs if refs is not None else extract_references(text)
        return self._render(text, self._ref_spans(text, found, 0))

    def _ref_spans(
        self, block: str, refs: list[Reference], base: int
    ) -> list[tuple[int, int, str, str]]:
        """(start, end, href or "", title) of each written reference, first existing member."""
        by_span: dict[tuple[int, str], list[str]] = {}
        for ref in refs:
            by_span.setdefault((ref.start - base, ref.text), []).append(ref.target)
        spans = []
        for (start, written), targets in by_span.items():
            if block[start : start + len(written)] != written:
                continue  # an offset that does not fit the text: leave it unlinked
            target = next((t for t in targets if self.has_rule(t)), None)
            if target is None:
                title = f"{self.edition} has no rule {targets[0]}"
                spans.append((start, start + len(written), "", title))
            else:
                spans.append((start, start + len(written), rule_url(self.edition, target), ""))
        return sorted(spans)

    def _render(self, text: str, spans: list[tuple[int, int, str, str]]) -> Markup:
        links: list[tuple[int, int, Markup]] = []
        for start, end, href, title in spans:
            inner = escape(text[start:end])
            if href:
                links.append(
                    (start, end, Markup('<a class="ref" href="{}">{}</a>').format(href, inner))
                )
            else:
                links.append(
                    (
                        start,
                        end,
                        Markup('<span class="dangling" title="{}">{}</span>').format(title, inner),
                    )
                )
        if self.terms is not None:
            taken = [(s, e) for s, e, _ in links]
            for start, end, term in self.terms.find(text):
                if term in self._linked or term in self.skip:
                    continue
                if any(s < end and start < e for s, e in taken):
                    continue
                self._linked.add(term)
                href = term_url(self.edition, term)
                inner = escape(text[start:end])
                links.append(
                    (start, end, Markup('<a class="term" href="{}">{}</a>').format(href, inner))
                )
        links.sort(key=lambda link: link[0])
        parts: list[Markup] = []
        at = 0
        for start, end, html in links:
            parts.append(escape(text[at:start]))
            parts.append(html)
            at = end
        parts.append(escape(text[at:]))
        return Markup("").join(parts)
