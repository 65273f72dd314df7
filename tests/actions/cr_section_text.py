"""A deliberately tiny reader for one keyword-action section of a plain-text CR file.

Only for tests of the actions layer: it lets the Verified digests be checked
against the real 2026-08-07 text before the full parser exists. It knows the
modern layout only ("701.22. Scry", "701.22a ...", "Example: ...").
"""

from __future__ import annotations

import re
from pathlib import Path

from conftest import CORPUS
from crdex.parser.tree import Edition, Example, Rule, Source

__all__ = ["CORPUS", "CR_2026", "read_section"]

CR_2026 = CORPUS / "cr-2026-08-07.txt"

_HEADING = re.compile(r"^(\d{3}\.\d+)\. (.+)$")
_SUBRULE = re.compile(r"^(\d{3}\.\d+[a-z]{1,2}) (.+)$")
_SECTION = re.compile(r"^(\d{3})\. (.+)$")


def read_section(path: Path, section: str, edition_id: str) -> Edition:
    text = path.read_bytes().decode("utf-8-sig").replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{section}. "))
    start = (
        next(i for i, line in enumerate(lines) if i > start and line.startswith(f"{section}. "))
        if any(line.startswith(f"{section}. ") for line in lines[start + 1 :])
        else start
    )
    rules: list[Rule] = []
    by_number: dict[str, Rule] = {}

    def add(rule: Rule) -> None:
        rules.append(rule)
        by_number[rule.number] = rule
        if rule.parent in by_number:
            by_number[rule.parent].children.append(rule.number)

    for line in lines[start:]:
        stripped = line.strip()
        if not stripped:
            continue
        m = _SECTION.match(stripped)
        if m:
            if m.group(1) != section:
                break
            add(Rule(m.group(1), "rule", m.group(2), title=m.group(2)))
            continue
        m = _SUBRULE.match(stripped)
        if m:
            number = m.group(1)
            add(
                Rule(
                    number, "subrule", m.group(2), parent=number.rstrip("abcdefghijkmnpqrstuvwxyz")
                )
            )
            continue
        m = _HEADING.match(stripped)
        if m:
            body = m.group(2)
            title = body if not body.endswith((".", ":", "”", '"')) and len(body) < 60 else None
            add(Rule(m.group(1), "rule", body, title=title, parent=section))
            continue
        if stripped.startswith("Example:"):
            rules[-1].examples.append(Example(stripped))
            continue
        rules[-1].text += " " + stripped
    return Edition(
        id=edition_id,
        effective_date=None,
        title="Magic: The Gathering Comprehensive Rules",
        source=Source(str(path), "", "cr-txt", "utf-8-sig"),
        rules=rules,
    )
