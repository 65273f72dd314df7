"""What a fix writes: a moved citation's new number (or range, in its own shape) and date.

A pinned citation names, by its date, one version of each rule it lists. A
fix moves its date on only when every number moves with it to a rule with
the same words; otherwise nothing of it is rewritten, so that no date ever
claims a number was checked against it that was not.
"""

from __future__ import annotations

from dataclasses import replace

from crdex.parser.numbers import RuleNumber
from crdex.parser.references import expand_range

from .finder import Citation
from .verdicts import Judgement, Verdict

__all__ = ["hold_pinned_lists", "rewrite"]


def rewrite(
    citation: Citation, verdicts: tuple[Verdict, ...], status: str, date: str | None
) -> tuple[str | None, str | None]:
    """(new number or range, new pin date) that fix a moved citation, or (None, None).

    Only a citation whose every number moved or stayed, each keeping its
    rule's words, is rewritten; the pin becomes ``date`` (the edition
    checked against) in the way the citation wrote its date.
    """
    if status != "moved" or not all(v.fixable and v.current for v in verdicts):
        return None, None
    pin = None
    if citation.pinned and date:
        pin = date if "-" in citation.pin_text else date.replace("-", "")
    if not citation.is_range:
        return verdicts[0].current, pin
    first, last = verdicts[0].current, verdicts[-1].current
    assert first is not None and last is not None
    text = _range_text(first, last, citation)
    if text is None:
        return None, None
    wanted = {v.current for v in verdicts}
    if not wanted <= set(expand_range(first, last)):
        return None, None
    return text, pin


def hold_pinned_lists(judgements: list[Judgement]) -> list[Judgement]:
    """The judgements of one file, with the numbers of each pinned list fixed together or not at all.

    Where one number of a pinned list cannot follow the date (it was
    removed, its text changed, it is no rule), none of the list is rewritten
    and the date stays: a bumped date would claim the others were checked
    against it.
    """
    out = list(judgements)
    groups: dict[tuple[int, int], list[int]] = {}
    for i, j in enumerate(out):
        c = j.citation
        if c.pin_start >= 0:
            groups.setdefault((c.line, c.pin_start), []).append(i)
    for members in groups.values():
        judged = [out[i] for i in members]
        if len(judged) < 2 or all(j.replacement is None for j in judged):
            continue
        held = [j for j in judged if j.replacement is None and not _follows_pin(j)]
        if not held:
            continue
        why = ", ".join(j.citation.number for j in held)
        for i in members:
            j = out[i]
            note = f" (not fixed: {why} in the same pinned citation cannot follow the date)"
            out[i] = replace(
                j,
                replacement=None,
                pin_replacement=None,
                message=j.message + note if j.replacement is not None else j.message,
            )
    return out


def _follows_pin(j: Judgement) -> bool:
    """A citation left as written keeps its meaning under a later date: the same rule, same text."""
    return not j.citation.bad_pin and all(v.fixable and v.current for v in j.verdicts)


def _range_text(first: str, last: str, citation: Citation) -> str | None:
    """``first``–``last`` written in the shape of the original range."""
    a, b = RuleNumber.parse(first), RuleNumber.parse(last)
    sep = citation.separator
    if a == b:
        return None
    written_last = citation.last
    if (
        written_last.isalpha()
        and a.letters
        and b.letters
        and (a.section, a.rule) == (b.section, b.rule)
    ):
        return f"{first}{sep}{b.letters}"
    if (
        written_last.isdigit()
        and a.rule is not None
        and not a.letters
        and not b.letters
        and a.section == b.section
    ):
        return f"{first}{sep}{b.rule}"
    return f"{first}{sep}{last}"
