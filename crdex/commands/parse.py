"""``crdex parse``: one document into the rule tree."""

from __future__ import annotations

from collections import Counter

import click

from crdex.commands.options import LazyChoice, echo_json, json_option

__all__ = ["parse"]


def _format_names() -> list[str]:
    from crdex.parser import format_names

    return format_names()


@click.command()
@click.argument("path", type=click.Path(dir_okay=True, path_type=str))
@json_option
@click.option(
    "--format",
    "fmt",
    type=LazyChoice(_format_names, case_sensitive=False),
    help="Read the document as this format instead of detecting it.",
)
def parse(path: str, as_json: bool, fmt: str | None) -> None:
    """Parse one rules document and summarize it (or print it all with --json).

    PATH is a rules document in any supported format: the official text of
    any year, a markdown tree or file, mdBook HTML, PDF-extracted text, a
    rulings page, or a Word/PDF original.
    """
    from crdex.parser import parse_path
    from crdex.parser.serialize import edition_to_dict

    edition = parse_path(path, fmt)
    if as_json:
        echo_json(edition_to_dict(edition))
        return
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
    for kind, count in sorted(Counter(r.kind for r in edition.repairs).items()):
        lines.append(f"    {count:>5} × {kind}")
    click.echo("\n".join(lines))
