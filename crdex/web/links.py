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

import functools
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import quote

from markupsafe import Markup, escape

from crdex.parser.normalize import ITALICS
from crdex.parser.references import extract_references
from crdex.parser.tree import Reference

from .linkplan import Block, plan_block, plan_blocks
from .terms import TermIndex

__all__ = [
    "Linker",
    "TermIndex",
    "diff_url",
    "edition_url",
    "identity_url",
    "italic",
    "letter_url",
    "rule_url",
    "term_anchor",
    "term_url",
]

_SLUG = re.compile(r"[a-z0-9]+")


def edition_url(edition: str) -> str:
    return f"/e/{quote(edition, safe='')}"


def rule_url(edition: str, number: str, anchor: str | None = None) -> str:
    url = f"/e/{quote(edition, safe='')}/{quote(number, safe='')}"
    return f"{url}#{quote(anchor, safe='')}" if anchor else url


def term_url(edition: str, term: str) -> str:
    return f"/e/{quote(edition, safe='')}/glossary/{quote(term, safe='')}"


def letter_url(edition: str, letter: str) -> str:
    """The page of the glossary's entries under one letter (``#`` for the rest)."""
    return f"/e/{quote(edition, safe='')}/glossary/letter/{quote(letter, safe='')}"


def identity_url(identity: str) -> str:
    """The permanent link of a rule identity ("2004-06-01/502.36")."""
    return f"/id/{quote(identity, safe='/:')}"


def diff_url(old: str, new: str) -> str:
    return f"/diff/{quote(old, safe='')}/{quote(new, safe='')}"


@functools.lru_cache(maxsize=8192)
def term_anchor(term: str) -> str:
    """The id of a glossary term's entry on a page that lists several ("g-activated-ability").

    Letters, digits and dashes only ("Dandân" is ``g-dandan``), so that it
    needs no quoting in a link. Remembered (the glossaries of all editions
    hold some 2,000 names): the whole edition on one page asks for 740.
    """
    folded = unicodedata.normalize("NFKD", term.casefold()).encode("ascii", "ignore").decode()
    slug = "-".join(_SLUG.findall(folded.replace("'", "")))
    return f"g-{slug or term.encode().hex()}"


def italic(text: str) -> Markup:
    """Text for a page, escaped, its underscore italics (``_Magic_``) as italics: a title."""
    return Markup(_plain(text))


def _plain(text: str) -> str:
    """Text as the content of an element: ``&``, ``<`` and ``>`` escaped, and the underscore
    italics of some editions (``_Magic_``) as italics.

    Quotes need no escaping outside attributes; a page of the whole
    edition escapes some 30,000 pieces of text, so this stays three
    string replacements.
    """
    if "&" in text or "<" in text or ">" in text:
        text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return ITALICS.sub(r"<em>\1</em>", text) if "_" in text else text


@dataclass(slots=True)
class Linker:
    """Turns the texts of one edition into HTML with links, for one page.

    ``has_rule`` says whether the edition has a rule (or section) number;
    ``skip`` holds terms not to link (the term of the page itself);
    ``local``: links point into the page itself (``#701.22a``, ``#g-scry``),
    as on the whole-edition page, instead of to the rule's and term's pages.
    """

    edition: str
    has_rule: Callable[[str], bool]
    terms: TermIndex | None = None
    skip: set[str] = field(default_factory=set)
    local: bool = False
    _linked: set[str] = field(default_factory=set)
    _hrefs: dict[str, str] = field(default_factory=dict)
    _tags: dict[str, str] = field(default_factory=dict)

    def new_rule(self) -> None:
        """Terms are linked once per rule: a new rule links them again."""
        self._linked.clear()

    def rule(self, text: str, examples: list[str], refs: list[Reference]) -> list[Markup]:
        """The text and each example of a rule, linked; ``refs`` are offsets into them joined."""
        return [Markup(html) for html in self.rule_html(text, examples, refs)]

    def rule_html(self, text: str, examples: list[str], refs: list[Reference]) -> list[str]:
        """As :meth:`rule`, as plain strings (already escaped): for a page of thousands."""
        blocks = plan_blocks([text, *examples], refs, self.has_rule, self.edition, self.terms)
        return [self.write(block) for block in blocks]

    def text(self, text: str, refs: list[Reference] | None = None) -> Markup:
        """One text (a definition, a ruling); references are found when not given."""
        return Markup(self.text_html(text, refs))

    def text_html(self, text: str, refs: list[Reference] | None = None) -> str:
        """As :meth:`text`, as a plain string (already escaped): for a page of thousands."""
        found = refs if refs is not None else extract_references(text)
        return self.write(plan_block(text, found, 0, self.has_rule, self.edition, self.terms))

    def rule_href(self, number: str) -> str:
        # numbers are parsed ones (digits, dots, letters): nothing to quote within the page
        return f"#{number}" if self.local else rule_url(self.edition, number)

    def term_href(self, term: str) -> str:
        href = self._hrefs.get(term)
        if href is None:
            href = f"#{term_anchor(term)}" if self.local else term_url(self.edition, term)
            self._hrefs[term] = href
        return href

    def write(self, block: Block) -> str:
        """A planned text escaped, with its references and glossary terms as links.

        Written for the whole-edition page, which writes some 4,000 texts
        from plans it keeps (see :mod:`.linkplan`): a text with nothing to
        link is escaped alone; a term is linked unless the rule has linked
        it already or it is the page's own.
        """
        text, plan, changes = block
        escaped = _plain if changes else str
        if not plan:
            return escaped(text)
        linked, skip, tags = self._linked, self.skip, self._tags
        parts: list[str] = []
        at = 0
        for start, end, target, name in plan:
            if target is None:  # a glossary term
                if name in linked or name in skip:
                    continue
                linked.add(name)
                tag = tags.get(name) or self._term_tag(name)
                parts += (escaped(text[at:start]), tag, escaped(text[start:end]), "</a>")
            elif target:
                tag = self._open(self.rule_href(target), False)
                parts += (escaped(text[at:start]), tag, escaped(text[start:end]), "</a>")
            else:  # a reference to a rule the edition lacks: the note says so
                parts += (
                    escaped(text[at:start]),
                    f'<span class="dangling" title="{escape(name)}">',
                    escaped(text[start:end]),
                    "</span>",
                )
            at = end
        if not parts:
            return escaped(text)
        parts.append(escaped(text[at:]))
        return "".join(parts)

    def _open(self, href: str, term: bool) -> str:
        """The opening tag of a link. A page of links within itself (thousands of them) is
        written lean: its stylesheet tells a term (``#g-…``) from a reference."""
        if self.local:
            return f'<a href="{href}">'
        return f'<a class="{"term" if term else "ref"}" href="{href}">'

    def _term_tag(self, term: str) -> str:
        tag = self._tags[term] = self._open(self.term_href(term), True)
        return tag
