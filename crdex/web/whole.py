"""The whole rulebook of one edition as one page: every rule, example and glossary entry.

People read the current rules on one hyperlinked page and search it with
the browser's find: every rule keeps its number as an anchor
(``/e/2026-08-07/all#702.19b``), and every rule reference and glossary term
links within the page. About 3,300 rules and 740 glossary entries make
some 1.5 MB of HTML, so the page is sent a part at a time (each section of
the rules, then the glossary) as each is written: the browser shows the
first rules while the last are still being linked. The parts are written
here as plain strings rather than through template macros (a tenth of the
time); everything taken from the document is escaped by
:class:`~crdex.web.links.Linker`.

Where each text's links go is planned once for the edition (see
:mod:`.linkplan`), and the site keeps the parts with their plans for the
last two editions asked (2 MB an edition). Writing the latest edition
from its plans takes 15.5 ms where planning and writing took 23.1 (the
same HTML, byte for byte, for all 126 editions of the corpus, in both
kinds of links); planning it takes 26 ms, once. What is kept is where
links go, not HTML: each request writes the page anew.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from markupsafe import escape

from crdex.parser.tree import Edition, GlossaryEntry, Rule

from .facts import EditionFacts
from .linkplan import Block, plan_block, plan_blocks
from .links import Linker, italic, term_anchor

__all__ = ["Part", "parts", "render_part"]


@dataclass(slots=True)
class Part:
    """One part of the page: a section of the rules, or the glossary.

    ``groups`` are the (number, title) of its rule groups, for the contents;
    ``blocks`` the planned texts of each rule (its text, then its examples)
    or glossary entry (its definition), in order.
    """

    anchor: str
    number: str
    title: str
    rules: list[Rule] = field(default_factory=list)
    groups: list[tuple[str, str]] = field(default_factory=list)
    glossary: list[GlossaryEntry] = field(default_factory=list)
    blocks: list[list[Block]] = field(default_factory=list)

    @property
    def count(self) -> int:
        """Rules in the part, rule groups' headings apart."""
        return sum(1 for r in self.rules if "." in r.number)


def parts(edition: Edition, facts: EditionFacts) -> list[Part]:
    """The page's parts in order, each section with its rules, then the glossary; every text
    planned with ``facts``, the edition's."""
    out: list[Part] = []
    for rule in edition.rules:
        if rule.kind == "section":
            out.append(Part(f"part-{rule.number}", rule.number, rule.title or rule.text))
            continue
        if not out:  # rules before any section heading (an excerpt): a part of their own
            out.append(Part("part-rules", "", "Rules"))
        if "." not in rule.number:
            out[-1].groups.append((rule.number, rule.title or ""))
        out[-1].rules.append(rule)
        out[-1].blocks.append(_rule_blocks(rule, facts))
    if edition.glossary:
        glossary = Part("glossary", "", "Glossary", glossary=list(edition.glossary))
        glossary.blocks = [_definition_block(entry, facts) for entry in glossary.glossary]
        out.append(glossary)
    return out


def _rule_blocks(rule: Rule, facts: EditionFacts) -> list[Block]:
    texts = [rule.text, *(e.text for e in rule.examples)]
    return plan_blocks(texts, rule.references, facts.has_rule, facts.id, facts.terms)


def _definition_block(entry: GlossaryEntry, facts: EditionFacts) -> list[Block]:
    text = entry.definition
    return [plan_block(text, entry.references, 0, facts.has_rule, facts.id, facts.terms)]


def render_part(part: Part, linker: Linker) -> str:
    """The HTML of one part, every reference and term linked within the page."""
    if part.glossary:
        return _glossary(part, linker)
    out = [f'<section class="part" id="{part.anchor}">']
    if part.number:
        out.append(f'<h2 id="{part.number}">{_number(part.number, ".")} {italic(part.title)}</h2>')
    else:
        out.append(f"<h2>{escape(part.title)}</h2>")
    for rule, blocks in zip(part.rules, part.blocks, strict=True):
        linker.new_rule()
        out.append(
            _group(rule, blocks, linker) if "." not in rule.number else _rule(rule, blocks, linker)
        )
    out.append("</section>")
    return "".join(out)


def _number(number: str, end: str = "") -> str:
    # a parsed number is digits, dots and letters: safe in an id and a link as it is
    return f'<a class="num" href="#{number}">{number}{end}</a>'


def _group(rule: Rule, blocks: list[Block], linker: Linker) -> str:
    head = f'<h3 id="{rule.number}">{_number(rule.number, ".")} {italic(rule.title or "")}</h3>'
    if not rule.text:
        return head
    return f'{head}<p class="r">{linker.write(blocks[0])}</p>'


def _rule(rule: Rule, blocks: list[Block], linker: Linker) -> str:
    sub = rule.kind == "subrule"
    head = (
        f'<p class="{"sr" if sub else "r"}" id="{rule.number}">'
        f"{_number(rule.number, '' if sub else '.')} {linker.write(blocks[0])}</p>"
    )
    if len(blocks) == 1:
        return head
    return head + "".join(f'<p class="ex">{linker.write(block)}</p>' for block in blocks[1:])


def _glossary(part: Part, linker: Linker) -> str:
    out = ['<section class="part" id="glossary"><h2>Glossary</h2><dl class="glossary">']
    for entry, (block,) in zip(part.glossary, part.blocks, strict=True):
        linker.new_rule()
        linker.skip = {entry.term}
        # an anchor is letters, digits and dashes (term_anchor): nothing in it to escape
        anchor = term_anchor(entry.term)
        tag = ' <span class="tag">obsolete</span>' if entry.obsolete else ""
        out.append(
            f'<dt id="{anchor}"><a href="#{anchor}">{escape(entry.term)}</a>{tag}</dt>'
            f"<dd>{linker.write(block)}</dd>"
        )
    linker.skip = set()
    out.append("</dl></section>")
    return "".join(out)
