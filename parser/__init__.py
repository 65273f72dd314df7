"""Rules documents into the normalized tree.

``parse_path`` reads any supported document (the format is detected) and
returns an :class:`Edition`; the tree types live in :mod:`.tree`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crdex.lazy import lazy_names

if TYPE_CHECKING:
    from .document import file_tag, parse_bytes, parse_path, parse_text
    from .errors import FormatError, LineTooLongError, NotRulesError, ParseError
    from .formats import FORMATS, detect_format, format_names
    from .numbers import RuleNumber
    from .references import extract_references
    from .tree import (
        CR_NUMBERING,
        Accounting,
        Citation,
        ContentsEntry,
        Edition,
        Example,
        GlossaryEntry,
        IndexEntry,
        Note,
        Reference,
        Repair,
        Rule,
        Ruling,
        Source,
        Span,
    )

__all__ = [
    "CR_NUMBERING",
    "FORMATS",
    "Accounting",
    "Citation",
    "ContentsEntry",
    "Edition",
    "Example",
    "FormatError",
    "GlossaryEntry",
    "IndexEntry",
    "LineTooLongError",
    "NotRulesError",
    "Note",
    "ParseError",
    "Reference",
    "Repair",
    "Rule",
    "RuleNumber",
    "Ruling",
    "Source",
    "Span",
    "detect_format",
    "extract_references",
    "file_tag",
    "format_names",
    "parse_bytes",
    "parse_path",
    "parse_text",
]

# name → the module that defines it, imported on first use: reading a rule number
# (crdex.parser.numbers) or the tree types does not load the grammars
_HOME = {
    "Accounting": "tree",
    "CR_NUMBERING": "tree",
    "Citation": "tree",
    "ContentsEntry": "tree",
    "Edition": "tree",
    "Example": "tree",
    "FORMATS": "formats",
    "FormatError": "errors",
    "GlossaryEntry": "tree",
    "IndexEntry": "tree",
    "LineTooLongError": "errors",
    "NotRulesError": "errors",
    "Note": "tree",
    "ParseError": "errors",
    "Reference": "tree",
    "Repair": "tree",
    "Rule": "tree",
    "RuleNumber": "numbers",
    "Ruling": "tree",
    "Source": "tree",
    "Span": "tree",
    "detect_format": "formats",
    "extract_references": "references",
    "file_tag": "document",
    "format_names": "formats",
    "parse_bytes": "document",
    "parse_path": "document",
    "parse_text": "document",
}

__getattr__, __dir__ = lazy_names(__name__, _HOME, __all__)
