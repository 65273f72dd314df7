"""``crdex documents``: every document of the library, what it is and what it witnesses."""

from __future__ import annotations

import click

from crdex.commands.options import echo_json, home_option, json_option, note
from crdex.text.notes import BUNDLED_NOTE

__all__ = ["documents"]

_KINDS = {
    "complete": "complete",
    "rules": "every rule, no glossary",
    "excerpt": "excerpt",
    "rulings": "rulings page",
    "truncated": "cut short",
    "rulings-summary": "rulings summary",
}


@click.command()
@home_option
@json_option
def documents(home: str | None, as_json: bool) -> None:
    """List the documents in the library: kind, format, what each witnesses.

    A document is one witness of an edition (or, for a rulings page, of the
    editions it quotes): a complete text, an excerpt, a rulings page or a
    copy cut short. A document that states no effective date is placed by
    its text: it witnesses the editions it matches (after their dated
    documents), or none, and either way this says what it matched.
    """
    from crdex.api import Reader

    reader = Reader(home)
    if reader.bundled:
        note(BUNDLED_NOTE)
    docs = reader.documents()
    if as_json:
        echo_json({"documents": docs})
        return
    for doc in docs:
        witnessed = "; ".join(f"{w['date']}: {_covers(w)}" for w in doc["witnesses"])
        click.echo(
            f"{doc['name']}  [{doc['id']}]  {_KINDS.get(doc['kind'], doc['kind'])}, {doc['format']}"
        )
        click.echo(f"    {witnessed or _no_witness(doc)}")
        if doc.get("placed"):
            click.echo(f"    {_placed(doc)}")
    click.echo(f"{len(docs)} document{'s' * (len(docs) != 1)}", err=True)


def _covers(witness: dict) -> str:
    from crdex.index.library.coverage import Coverage

    return Coverage.from_dict(witness["coverage"]).describe()


def _placed(doc: dict) -> str:
    """What placing an undated document by its text found."""
    from crdex.index.library.warnings import placed_note, placed_runs

    placed = doc["placed"]
    if placed["verdict"] != "matched":
        return f"no effective date: {placed_note(placed)}"
    counts = placed["counts"]
    parts = [f"{counts.get('identical', 0)} identical"]
    parts += [
        f"{counts[k]} {label}"
        for k, label in (
            ("typography", "typography only"),
            ("cut-short", "cut short"),
        )
        if counts.get(k)
    ]
    return (
        f"no effective date: matched by its text to {placed_runs(placed)} "
        f"({', '.join(parts)}; 'crdex identify' lists them)"
    )


def _no_witness(doc: dict) -> str:
    if doc["kind"] == "rulings-summary":
        source = " (dated by its file name)" if doc["date_source"] == "filename" else ""
        return (
            f"rulings of {doc['date']}{source} in a numbering of its own: not a CR edition; "
            "its topics are tied to the rules they name"
        )
    return "witnesses no edition: it states no effective date"
