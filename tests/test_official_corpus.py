"""Every official-text edition in ../shared/corpus parses, and every line is accounted for."""

from __future__ import annotations

import pytest

from conftest import official_text_files, parsed

pytestmark = pytest.mark.corpus


@pytest.mark.parametrize("name", official_text_files())
def test_edition_parses_with_full_accounting(name: str) -> None:
    edition = parsed(name)
    acc = edition.accounting
    assert acc is not None
    assert acc.lines_accounted == acc.lines_total, (
        f"{name}: {acc.lines_total - acc.lines_accounted} lines unaccounted"
    )
    assert edition.source.format == "official"
    assert edition.effective_date is not None
    # every rule nests under a rule that exists, and children point back at it
    repeated = {
        r.original.split()[0].rstrip(".") for r in edition.repairs if r.kind == "duplicate-number"
    }
    for rule in edition.rules:
        if rule.parent is not None and rule.parent not in repeated:
            parent = edition.rule(rule.parent)
            assert parent is not None, f"{name}: {rule.number} has a missing parent {rule.parent}"
            assert rule.number in parent.children


@pytest.mark.parametrize("name", official_text_files())
def test_rule_numbers_keep_document_order(name: str) -> None:
    """Outside recorded repairs, numbers only go up: nothing mis-nested or re-read."""
    edition = parsed(name)
    # a document's own slips are flagged, not hidden: these are the only exceptions
    repaired = {r.line for r in edition.repairs if r.kind in ("duplicate-number", "out-of-order")}
    previous = None
    for rule in edition.rules:
        if previous is not None and rule.span and rule.span.line not in repaired:
            assert previous < rule.value, f"{name}: {rule.number} follows {previous}"
        previous = rule.value
