"""Lines that are no part of the rules, injected into a real edition, are absorbed and said so.

Three lines of nonsense go into cr-2026-08-07.txt: one right under 701.22a
(no blank line between), one inside the glossary right under the definition
of "Trample", and one after a blank line, right above the heading
"701.25. Surveil" (no blank line between them). Each is reported as an
absorbed line, with its line number; nothing of the document is lost
(the same rules and glossary entries as the untouched copy; 701.25 is
still Surveil), and the summary of the edition says what was absorbed.
"""

from __future__ import annotations

import pytest

from conftest import corpus_path, parsed
from crdex.parser import parse_text
from crdex.parser.ledger import ABSORBING_REPAIRS

pytestmark = pytest.mark.corpus

UNDER_RULE = "Qzx vlorp, a line of nonsense"
IN_GLOSSARY = "Wibble frotz, a line of nonsense"
ABOVE_HEADING = "Plugh xyzzy, a line of nonsense"


def _injected() -> tuple[str, dict[str, int]]:
    text = corpus_path("cr-2026-08-07.txt").read_bytes().decode("utf-8-sig")
    lines = text.split("\n")

    def index(starts: str, after: int = 0) -> int:
        return next(k for k, line in enumerate(lines) if k > after and line.startswith(starts))

    scry_a = index("701.22a")
    lines.insert(scry_a + 1, UNDER_RULE)
    trample = index("Trample", after=scry_a)  # the glossary term; its definition follows
    lines.insert(trample + 2, IN_GLOSSARY)
    surveil = index("701.25. Surveil")
    assert lines[surveil - 1].strip() == ""  # the document has a blank line above the heading
    lines.insert(surveil, ABOVE_HEADING)
    where = {line: lines.index(line) + 1 for line in (UNDER_RULE, IN_GLOSSARY, ABOVE_HEADING)}
    return "\n".join(lines), where


def test_injected_lines_are_absorbed_and_reported_and_nothing_is_lost() -> None:
    original = parsed("cr-2026-08-07.txt")
    text, where = _injected()
    edition = parse_text(text, "injected.txt")
    absorbed = {r.line: r for r in edition.repairs if r.kind in ABSORBING_REPAIRS}
    for line, number in where.items():
        assert number in absorbed, line
        assert absorbed[number].original == line
    assert absorbed[where[UNDER_RULE]].kind == "absorbed-into-rule"
    assert "701.22a" in absorbed[where[UNDER_RULE]].reason
    assert "'Trample'" in absorbed[where[IN_GLOSSARY]].reason
    assert edition.accounting.lines_accounted == edition.accounting.lines_total
    before = original.accounting.by_kind.get("absorbed", 0)
    assert edition.accounting.by_kind.get("absorbed", 0) == before + 3
    # nothing lost: the same rules, the same glossary, the heading still a heading
    assert [r.number for r in edition.rules] == [r.number for r in original.rules]
    assert len(edition.glossary) == len(original.glossary)
    assert edition.rule("701.25").title == "Surveil"
