"""Planning where a text's links go (``crdex.web.linkplan``), and the whole page written from plans.

Expectations read in cr-2026-08-07.txt: 701.22c (line 3463) cites "(see rule
101.4)" and names scry, the library and APNAP order; 702.19b (4097) says
"attacking creature", "blocking creature(s)" and "lethal damage" several
times each; the glossary's "Scry" (8841) points to "rule 701.22".
"""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path

import pytest

from crdex.api import Reader
from crdex.parser.tree import GlossaryEntry, Reference
from crdex.web import pages_edition, whole
from crdex.web.lanes import Lane, LaneSpec
from crdex.web.linkplan import Link, plan_block, plan_blocks
from crdex.web.site import Site
from crdex.web.terms import TermIndex

pytestmark = pytest.mark.corpus

LATEST = "2026-08-07"


@pytest.fixture(scope="module")
def site(web_home: Path) -> Site:
    return Site(Reader(web_home))


def rule_of(site: Site, number: str):
    return next(r for r in site.reader.edition(LATEST).rules if r.number == number)


def planned(site: Site, number: str) -> tuple[str, tuple[Link, ...]]:
    rule = rule_of(site, number)
    facts = site.facts(LATEST)
    block = plan_block(rule.text, rule.references, 0, facts.has_rule, LATEST, facts.terms)
    assert block.text == rule.text
    return block.text, block.plan


def test_references_and_terms_are_merged_in_order(site: Site) -> None:
    text, plan = planned(site, "701.22c")
    assert [link.start for link in plan] == sorted(link.start for link in plan)
    reference = next(link for link in plan if link.target is not None)
    assert (text[reference.start : reference.end], reference.target) == ("101.4", "101.4")
    terms = [text[link.start : link.end].lower() for link in plan if link.target is None]
    assert {"scry", "library", "apnap order"} <= set(terms)


def test_a_term_is_planned_once_a_text_at_its_first_place(site: Site) -> None:
    text, plan = planned(site, "702.19b")
    names = [link.name for link in plan if link.target is None]
    assert len(names) == len(set(names))
    found = site.facts(LATEST).terms.find(text)
    first = {}
    for start, end, term in found:
        first.setdefault(term, (start, end))
    assert {link.name: (link.start, link.end) for link in plan} == first
    assert len(found) > len(plan)  # the document repeats its terms: later places dropped
    words = {text[link.start : link.end].lower() for link in plan}
    assert {"attacking creature", "blocking creatures", "lethal damage"} <= words


def test_a_term_inside_a_reference_gives_way_to_it_and_a_missing_rule_is_a_note() -> None:
    terms = TermIndex([GlossaryEntry("Rule", "A rule."), GlossaryEntry("Scry", "To scry.")])
    terms.read(["See rule 999.1 to scry; a rule says so."], [], 1.0)
    text = "See rule 999.1 to scry; a rule says so."
    refs = [Reference("999.1", "rule", "rule 999.1", 4)]
    block = plan_block(text, refs, 0, lambda number: False, "2030-01-01", terms)
    assert not block.escape  # nothing in it to escape
    assert block.plan == (
        Link(4, 14, "", "2030-01-01 has no rule 999.1"),
        Link(18, 22, None, "Scry"),
        Link(26, 30, None, "Rule"),  # its first place was within the reference
    )


def test_a_rules_examples_are_planned_apart(site: Site) -> None:
    rule = next(r for r in site.reader.edition(LATEST).rules if r.examples and r.references)
    facts = site.facts(LATEST)
    texts = [rule.text, *(e.text for e in rule.examples)]
    blocks = plan_blocks(texts, rule.references, facts.has_rule, LATEST, facts.terms)
    assert [block.text for block in blocks] == texts
    references = [(i, link) for i, block in enumerate(blocks) for link in block.plan if link.target]
    assert len(references) >= 1
    for i, link in references:  # each reference lies in the text it was planned for
        assert link.end <= len(texts[i])


def test_the_whole_page_from_plans_is_the_page_written_text_by_text(site: Site) -> None:
    parts = site.whole_parts(LATEST)
    assert site.whole_parts(LATEST) is parts  # kept: planned once for the edition
    from_plans = "".join(whole.render_part(p, site.linker(LATEST, local=True)) for p in parts)
    linker = site.linker(LATEST, local=True)
    one_by_one = []
    for rule in site.reader.edition(LATEST).rules:
        if rule.kind == "section":
            continue
        linker.new_rule()
        one_by_one.extend(
            linker.rule_html(rule.text, [e.text for e in rule.examples], rule.references)
        )
    for text in one_by_one:
        assert text in from_plans
    scry = from_plans[from_plans.index('<dt id="g-scry">') :]
    assert '<a href="#701.22">701.22</a>' in scry[: scry.index("</dd>")]


def test_the_next_part_is_written_while_one_is_sent_and_given_up_when_the_client_leaves(
    site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[str] = []
    lock = threading.Lock()

    def slow(part: whole.Part, linker: object) -> str:
        with lock:
            started.append(part.anchor)
        time.sleep(0.05)
        return part.anchor

    monkeypatch.setattr(whole, "render_part", slow)
    parts = site.whole_parts(LATEST)
    lane = Lane("test", LaneSpec(threads=1, waiting=4, deadline=5.0))

    async def read_two() -> tuple[list[str], int]:
        body = pages_edition._parts(lane, "head", parts, site.linker(LATEST, local=True), "tail")
        got = [await body.__anext__() for _ in range(3)]  # the head and two parts
        await asyncio.sleep(0.01)  # the third part is being written
        await body.aclose()  # the client leaves
        await asyncio.sleep(0.01)
        return got, lane.given_up

    try:
        got, given_up = asyncio.run(read_two())
        time.sleep(0.1)
    finally:
        lane.close()
    assert got == ["head", parts[0].anchor, parts[1].anchor]
    assert given_up == 1  # the part being written was given up as soon as the client left
    assert started == [p.anchor for p in parts[:3]]  # the third queued, none after it
