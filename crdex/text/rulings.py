"""The rulings beside a rule: how a summary's topic and a historical ruling are headed.

Shared by ``show`` (a rule with its rulings) and ``history`` (a rule's
topics after its versions).
"""

from __future__ import annotations

from typing import Any

__all__ = ["historical_heading", "topic_line"]


def topic_line(topic: dict[str, Any]) -> str:
    """One rulings summary's topic on a rule, as ``show`` and ``history`` print it.

    One written against an earlier edition than the one read says so first.
    """
    year = topic["date"][:4] if topic.get("date") else ""
    line = (
        f"{year} rulings on {topic['on']}'s topic: {topic['topic']} {topic['title']} "
        f"({topic['rulings']} rulings, {topic['rules']} rules) in {topic['page']}"
    ).strip()
    return f"{historical_heading(topic)}: {line}" if topic.get("historical") else line


def historical_heading(ruling: dict[str, Any]) -> str:
    """What a ruling written against an earlier edition is shown under."""
    against = ruling.get("written_against")
    where = f"the Comprehensive Rules of {against}" if against else "an earlier edition"
    return f"historical rulings, written against {where}"
