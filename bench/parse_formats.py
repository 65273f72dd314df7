"""Parse speed of every source format, beside a plain regex line split of the same text.

For each format one real document is parsed (format detection included, as
``crdex parse`` does it) and, in the same run, the same text is split into
lines and searched for rule numbers with one regex: about the least any
parser must do. The ratio of the two holds even where absolute times are
noisy. For Word, PDF and RTF originals the baseline splits the text the
converter extracts (splitting the raw bytes of a ZIP or a PDF means
nothing), and the conversion is timed on its own as well.

    python bench/parse_formats.py [--corpus ../shared/corpus] [--repeat 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path

from crdex.corpus import decode
from crdex.corpus.convert import convert
from crdex.parser import parse_path

RULE = re.compile(r"^\s*\d{3}\.\d{1,3}[a-z]{0,2}\.?\s", re.M)

# format, document (relative to the corpus, or a seed), what it is
DOCUMENTS = [
    ("official", "cr-2022-10-07.txt", "official text"),
    ("markdown", "cr-markdown/2022-10-07", "markdown book, 142 files"),
    ("markdown", "seeds/000_fb0d997b58fab580.txt", "markdown chapter (seed 000)"),
    ("mdbook-html", "cr-2022-10-07.mdbook.html", "mdBook print page"),
    ("pdf-text", "seeds/001_5f324ed2d2985831.txt", "PDF-extracted text (seed 001)"),
    ("rulings", "seeds/002_262e09b339f92cd4.txt", "rulings page (seed 002)"),
    (
        "rulings-1999",
        "rulings-crystalkeep-general-1999-05-16.reflowed.txt",
        "rulings summary of 1999, own numbering",
    ),
    ("docx", "cr-2014-05-01.docx", "Word original"),
    ("pdf", "cr-2002-10-07.pdf", "PDF original"),
    ("rtf", "cr-2003-06-01.rtf", "RTF original"),
]


def split_lines(text: str) -> int:
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return len(lines) + len(RULE.findall(text))


def text_of(path: Path) -> tuple[str, int]:
    """The text a baseline splits, and the document's size in bytes."""
    if path.is_dir():
        files = sorted(path.rglob("*.md"))
        data = b"".join(f.read_bytes() for f in files)
        return data.decode("utf-8", errors="replace"), len(data)
    data = path.read_bytes()
    converted = convert(data, str(path))
    if converted is not None:
        return converted.text, len(data)
    return decode(data, str(path)).text, len(data)


def best_of(repeat: int, fn: Callable[..., object], *args: object) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn(*args)
        times.append(time.perf_counter() - start)
    return min(times)


def locate(root: Path, name: str) -> Path:
    if name.startswith("seeds/"):
        return root.parent / name
    return root / name


def main() -> int:
    here = Path(__file__).resolve().parents[1]
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=here.parent / "shared" / "corpus")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args()
    rows = []
    for fmt, name, what in DOCUMENTS:
        path = locate(args.corpus, name)
        if not path.exists():
            print(f"skipped {name}: not found under {path.parent}", file=sys.stderr)
            continue
        edition = parse_path(path)  # loads the grammar once, outside the timings
        if edition.source.format != fmt:
            print(f"{name}: detected as {edition.source.format}, expected {fmt}", file=sys.stderr)
            return 1
        text, size = text_of(path)
        t_parse = best_of(args.repeat, parse_path, path)
        t_base = best_of(args.repeat, split_lines, text)
        row = {
            "format": fmt,
            "document": name,
            "what": what,
            "bytes": size,
            # numbered nodes: CR rules, or a page's own (the 1999 summary's items)
            "rules": len(edition.rules or edition.items),
            "accounting": edition.accounting.ratio if edition.accounting else None,
            "parse_s": t_parse,
            "baseline_s": t_base,
            "ratio": t_parse / t_base,
            "mb_per_s": size / t_parse / 1e6,
        }
        if fmt in ("docx", "pdf", "rtf"):
            data = path.read_bytes()
            row["convert_s"] = best_of(args.repeat, convert, data, str(path))
        rows.append(row)
    if not rows:
        print(f"no documents under {args.corpus}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({"rows": rows}, indent=1))
        return 0
    print(
        f"{'format':<12} {'document':<34} {'KB':>6} {'rules':>6} {'parse ms':>9} "
        f"{'regex ms':>9} {'ratio':>6} {'MB/s':>6}  note"
    )
    for r in rows:
        note = f"of which conversion {r['convert_s'] * 1e3:.0f} ms" if "convert_s" in r else ""
        print(
            f"{r['format']:<12} {Path(r['document']).name[:34]:<34} {r['bytes'] / 1024:>6.0f} "
            f"{r['rules']:>6} {r['parse_s'] * 1e3:>9.1f} {r['baseline_s'] * 1e3:>9.2f} "
            f"{r['ratio']:>6.0f} {r['mb_per_s']:>6.2f}  {note}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
