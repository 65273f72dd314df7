"""Placing a document among the editions by its text, beside the parse of the same document.

A library of the whole corpus is opened (``--home``, or one built into a
temporary folder first); then, for the two undated seeds, excerpts of 30
rules cut from several editions and two whole editions, the parse alone and
the placement of the parsed document (the comparison with every edition)
are timed one after the other, best of ``--repeat``. The ratio is
placement ÷ parse: ``crdex identify`` costs the parse and the placement. ``cold`` is the placement with the library's
text index opened anew (what one ``crdex identify`` pays); the others reuse
it (what a server pays per request). Wall and CPU time: on a shared
machine CPU time is the less disturbed.

    python bench/identify.py [--home DIR] [--corpus ../shared/corpus] [--repeat 5] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from parse import best_of  # bench/parse.py, beside this script

from crdex.index.library import Library
from crdex.index.placement import TextIndex, place
from crdex.index.placement.texts import TEXTS
from crdex.parser import parse_text

EXCERPT_EDITIONS = ("cr-2005-02-01.txt", "cr-2012-02-01.txt", "cr-2026-08-07.txt")
WHOLE = ("cr-2007-02-01.txt", "cr-2026-08-07.txt")


def excerpt(path: Path, rules: int = 30) -> str:
    """``rules`` consecutive rule lines from the middle of an edition's text."""
    lines = path.read_bytes().decode("utf-8-sig", "replace").splitlines()
    numbered = [i for i, line in enumerate(lines) if line[:3].isdigit() and "." in line[:6]]
    start = numbered[len(numbered) // 2]
    end = numbered[numbered.index(start) + rules]
    return "\n".join(lines[start:end]) + "\n"


def documents(corpus: Path, seeds: Path) -> list[tuple[str, str]]:
    out = [(p.name, p.read_text(encoding="utf-8")) for p in sorted(seeds.glob("0[01]*.txt"))]
    out += [(f"30 rules of {name}", excerpt(corpus / name)) for name in EXCERPT_EDITIONS]
    out += [(name, (corpus / name).read_bytes().decode("utf-8-sig", "replace")) for name in WHOLE]
    return out


def main() -> int:
    here = Path(__file__).resolve().parents[1]
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--home", type=Path, help="a library of the corpus (default: build one)")
    ap.add_argument("--corpus", type=Path, default=here.parent / "shared" / "corpus")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args()
    home = args.home
    if home is None:
        home = Path(tempfile.mkdtemp()) / "home"
        print(f"building a library of {args.corpus} in {home} …", file=sys.stderr)
        Library(home).build([args.corpus])
    library = Library(home)
    chain = library.chain()
    index = library.texts()
    path = library.generation.path / TEXTS if library.generation else None
    rows = []
    for name, text in documents(args.corpus, args.corpus.parent / "seeds"):
        parse_text(text, name)  # the grammar loaded, outside the timings
        edition = parse_text(text, name)
        rules = len(edition.rules)

        def placed(edition=edition) -> None:
            place(edition, index, chain)

        def cold(edition=edition) -> None:
            fresh = TextIndex.open(path) if path else index
            place(edition, fresh, chain)
            if fresh is not index:
                fresh.close()

        row = {"document": name, "rules": rules}
        for clock, label in ((time.perf_counter, "wall"), (time.process_time, "cpu")):
            t_parse = best_of(args.repeat, parse_text, text, name, clock=clock)
            t_place = best_of(args.repeat, placed, clock=clock)
            t_cold = best_of(args.repeat, cold, clock=clock)
            row[f"parse_{label}_ms"] = round(t_parse * 1000, 2)
            row[f"place_{label}_ms"] = round(t_place * 1000, 2)
            row[f"place_cold_{label}_ms"] = round(t_cold * 1000, 2)
            row[f"ratio_{label}"] = round(t_place / t_parse, 2)
            row[f"ratio_cold_{label}"] = round(t_cold / t_parse, 2)
        rows.append(row)
    if args.json:
        print(json.dumps({"editions": len(chain), "documents": rows}, indent=2))
        return 0
    print(f"{len(chain)} editions; ratio = placement ÷ parse of the same document")
    print(
        f"{'document':<34} {'rules':>5} {'parse':>9} {'place':>9} {'ratio':>6} "
        f"{'cold':>9} {'ratio':>6}   (CPU ms)"
    )
    for r in rows:
        print(
            f"{r['document']:<34} {r['rules']:>5} {r['parse_cpu_ms']:>9.1f} "
            f"{r['place_cpu_ms']:>9.1f} {r['ratio_cpu']:>6.2f} "
            f"{r['place_cold_cpu_ms']:>9.1f} {r['ratio_cold_cpu']:>6.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
