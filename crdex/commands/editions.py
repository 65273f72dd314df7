"""``crdex editions``: the chain of editions, each with its witnesses and coverage."""

from __future__ import annotations

import click

from crdex.commands.options import echo_json, home_option, json_option, note
from crdex.text.notes import BUNDLED_NOTE

__all__ = ["editions"]


@click.command()
@click.argument("edition", required=False)
@home_option
@json_option
def editions(edition: str | None, home: str | None, as_json: bool) -> None:
    """List the editions in the library, or show one EDITION's witnesses in full.

    Each edition is made of its documents (witnesses), the first speaking
    first: a complete official text before a rendering, an excerpt, a copy
    cut short or a rulings page's quotes. An edition known only in part is
    compared only where it is witnessed. Witnesses that disagree beyond
    typography are listed rule by rule, and so is a witness's damage
    (characters lost on its way: quotes read as '?', U+FFFD, mojibake; rules or
    glossary entries another copy of the edition has); a damaged witness speaks
    after a clean one.
    """
    from crdex.api import Reader
    from crdex.index.library.damage import Damage

    reader = Reader(home)
    if reader.bundled:
        note(BUNDLED_NOTE)
    chain = reader.editions()
    if edition is not None:
        ref = reader.lineage.edition(edition)
        chain = [e for e in chain if e["id"] == ref.id]
    if as_json:
        echo_json({"editions": chain})
        return
    for record in chain:
        mark = "" if record["coverage"].get("complete") else "  (known in part)"
        click.echo(
            f"{record['id']}  {record['rules']} rules, {record['glossary']} glossary entries{mark}"
        )
        shown = record["witnesses"] if edition is not None else record["witnesses"][:1]
        for n, witness in enumerate(shown):
            role = "speaks first" if n == 0 else "also"
            click.echo(
                f"    {role}: {witness['name']} ({witness['kind']}, {witness['format']}): {witness['covers']}"
            )
            damage = Damage.from_dict(witness.get("damage"))
            if damage is not None:
                click.echo(f"      damaged: {damage.describe()}")
        if edition is None and len(record["witnesses"]) > 1:
            click.echo(f"    and {len(record['witnesses']) - 1} more witness(es)")
        for dis in record["disagreements"]:
            parts = []
            if dis["differ"]:
                parts.append(f"differs in {dis['differ']} rule(s): {', '.join(dis['rules'])}")
            if dis["missing"]:
                parts.append(f"lacks {dis['missing']} rule(s): {', '.join(dis['missing_rules'])}")
            click.echo(f"    disagreement: {dis['name']} {'; '.join(parts)}")
    click.echo(f"{len(chain)} edition{'s' * (len(chain) != 1)}", err=True)
