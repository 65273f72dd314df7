"""``crdex parse``: one document into the rule tree."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import click

from crdex.commands.options import echo_json, format_option, json_option

if TYPE_CHECKING:
    from crdex.parser import Edition, Repair

__all__ = ["parse", "summary"]

# absorbed lines listed in the summary before "… and N more"
_SHOWN = 12


@click.command()
@click.argument("path", type=click.Path(dir_okay=True, path_type=str))
@json_option
@format_option
def parse(path: str, as_json: bool, fmt: str | None) -> None:
    """Parse one rules document and summarize it (or print it all with --json).

    PATH is a rules document in any supported format: the official text of
    any year, a markdown tree or file, mdBook HTML, PDF-extracted text, a
    rulings page, or a Word/PDF original. A document that is cut short is
    shown all the same, then reported: the exit status is 1.
    """
    from crdex.parser import parse_path
    from crdex.parser.errors import CutShortError
    from crdex.parser.serialize import edition_to_dict

    edition = parse_path(path, fmt)
    if as_json:
        echo_json(edition_to_dict(edition))
    else:
        click.echo(summary(edition))
    cut = next((r for r in edition.repairs if r.kind == "truncated"), None)
    if cut is not None:
        where = f"{edition.source.path}:{cut.line}" + (f" ({cut.path})" if cut.path else "")
        raise CutShortError(f"{where}: {cut.reason}")


def summary(edition: Edition) -> str:
    """What ``crdex parse`` prints for people: counts, accounting, repairs, absorbed lines."""
    from crdex.corpus.mending import MEND_KINDS
    from crdex.parser.ledger import ABSORBED_INTO_RULE, ABSORBING_REPAIRS

    acc = edition.accounting
    kinds = Counter(r.kind for r in edition.rules)
    src = edition.source
    endings = ", ".join(f"{k} {v}" for k, v in sorted(src.line_endings.items())) or "none"
    lines = [
        f"{edition.title or '(untitled)'}",
        f"  edition      {edition.id}  (effective {edition.effective_date or 'unknown'})",
        f"  source       {src.path}",
        f"  format       {src.format}, {src.encoding}, line endings: {endings}",
        f"  sections     {kinds.get('section', 0)}",
        f"  rules        {kinds.get('rule', 0)}",
        f"  subrules     {kinds.get('subrule', 0)}",
        f"  examples     {sum(len(r.examples) for r in edition.rules)}",
        f"  rulings      {sum(len(r.rulings) for r in edition.rules)}",
        f"  glossary     {len(edition.glossary)} entries",
    ]
    if acc is not None:
        lines.append(
            f"  accounting   {acc.lines_accounted}/{acc.lines_total} lines ({acc.ratio:.1%}), "
            f"{len(edition.repairs)} repairs"
        )
        lines.append(
            f"  understood   {acc.lines_understood}/{acc.lines_total} lines "
            f"({_percent(acc.understood_ratio)}), {acc.lines_absorbed} absorbed"
        )
    for kind, count in sorted(Counter(r.kind for r in edition.repairs).items()):
        lines.append(f"    {count:>5} × {kind}")
    anomalies = [r for r in edition.repairs if r.kind == ABSORBED_INTO_RULE]
    if anomalies:
        lines.append(
            f"  anomaly      {_lines(len(anomalies))} absorbed into a rule, in an edition "
            "whose rules are one line each:"
        )
        lines.extend(_listed(anomalies))
    others = [r for r in edition.repairs if r.kind in ABSORBING_REPAIRS - {ABSORBED_INTO_RULE}]
    if others:
        lines.append(f"  absorbed     {_lines(len(others))} joined to a neighbour:")
        lines.extend(_listed(others))
    mended = [r for r in edition.repairs if r.kind in MEND_KINDS]
    if mended:
        lines.append(f"  bytes        {_lines(len(mended))} with characters that are not text:")
        lines.extend(_listed(mended))
    cut = next((r for r in edition.repairs if r.kind == "truncated"), None)
    if cut is not None:
        lines.append(f"  cut short    at line {cut.line}: {cut.reason}")
    return "\n".join(lines)


def _percent(ratio: float) -> str:
    """99.98%, never 100.0% for a ratio under one."""
    text = f"{ratio:.2%}"
    return "99.99%" if text == "100.00%" and ratio < 1 else text


def _lines(count: int) -> str:
    return f"{count} line" if count == 1 else f"{count} lines"


def _listed(repairs: list[Repair]) -> list[str]:
    out = []
    for repair in repairs[:_SHOWN]:
        where = f"{repair.path}:{repair.line}" if repair.path else f"line {repair.line}"
        text = repair.original.strip()
        shown = text if len(text) <= 70 else text[:69] + "…"
        out.append(f"    {where:>10}  {f'{shown!r}: ' if text else ''}{repair.reason}")
    if len(repairs) > _SHOWN:
        out.append(f"    … and {len(repairs) - _SHOWN} more (all in --json)")
    return out
