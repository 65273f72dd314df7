"""Rules documents into the normalized tree.

``parse_path`` reads any supported document (the format is detected) and
returns an :class:`Edition`; the tree types live in :mod:`.tree`.
"""

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
