"""The tools: one thin call into the library each, typed and described for an assistant.

A tool's docstring is what the assistant reads to choose it, and each
parameter's description what it reads to fill it in, so they say what a
question looks like and what comes back. Every result is structured (the
``--json`` field names, see :mod:`crdex.mcp.shapes`) with a short text
beside it. A ``CrdexError`` (an unknown edition, a malformed number, an
empty query) becomes the SDK's ``ToolError`` carrying the message
``crdex`` prints: the call fails with that message and nothing is logged
as a crash. Any other exception is a bug, and the SDK reports it as one.
"""

from __future__ import annotations

import inspect
from typing import Annotated, Any, Literal, get_args

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field

from crdex.errors import CrdexError
from crdex.mcp.answers import Answer, Answers
from crdex.mcp.shapes import (
    CheckShape,
    DiffShape,
    EditionsShape,
    GlossaryShape,
    HistoryShape,
    IdentifyShape,
    ResolutionShape,
    RuleShape,
    SearchShape,
)

__all__ = ["DIFF_KINDS", "MAX_IDENTIFY_CHARS", "register_tools"]

# the kinds of change ``crdex diff --only`` takes: the library's diff kinds, and reused numbers
Kind = Literal["added", "removed", "moved", "edited", "split", "merged", "reused"]
DIFF_KINDS: tuple[str, ...] = get_args(Kind)

_EDITION = (
    "its id (such as 2026-08-07), a date YYYY-MM-DD (the edition in force that day) or 'latest'"
)
_NUMBER = "a rule number as written in that edition: 7, 701, 701.22, 702.19b, 704.5aa"

Edition = Annotated[str, Field(description=f"The edition: {_EDITION}")]
Offset = Annotated[int, Field(ge=0, description="Where to start (next_offset of the last page)")]

# a text to identify, at most: more than any edition of the rules
MAX_IDENTIFY_CHARS = 4_000_000

_READ_ONLY = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False)


def _result(answer: Answer) -> CallToolResult:
    return CallToolResult(
        content=[TextContent(type="text", text=answer.text)], structured_content=answer.data
    )


def register_tools(server: MCPServer, answers: Answers) -> None:
    """Add every crdex tool to ``server``, answering from ``answers``."""

    def ask(question: Any, *args: Any) -> CallToolResult:
        try:
            return _result(answers.ask(question, *args))
        except CrdexError as exc:
            raise ToolError(str(exc)) from exc

    def tool(fn: Any) -> Any:
        # the docstring, without its source indentation, is the description
        return server.tool(description=inspect.cleandoc(fn.__doc__), annotations=_READ_ONLY)(fn)

    @tool
    def editions(
        documents: Annotated[
            bool,
            Field(description="List the documents behind each edition (format, tag, file)"),
        ] = False,
    ) -> Annotated[CallToolResult, EditionsShape]:
        """The editions of the Comprehensive Rules the library holds, oldest first.

        Each with its id and effective date, how many rules and glossary
        entries it has and how many copies of it the library holds; with
        `documents`, those copies (format, tag, file; a second copy can be
        named by its own id). Says when the library is empty and the
        answers come from bundled sample documents.
        """
        return ask(answers.editions, documents)

    @tool
    def rule(
        number: Annotated[str, Field(description=f"The rule: {_NUMBER}")],
        edition_or_date: Edition = "latest",
        limit: Annotated[
            int, Field(ge=1, le=1000, description="How many rules to show at most")
        ] = 50,
    ) -> Annotated[CallToolResult, RuleShape]:
        """A rule as one edition has it: text, examples, rulings, references, and every subrule.

        The number is read in that edition (701.18 was Shuffle in 2017 and is
        Play today), so give the date of the game or post being discussed to
        get the rule then in force. The answer names the edition that
        answered. A large rule (a section such as 7, or 702) is cut after
        `limit` rules; `omitted` lists what was left out, to ask for by number.
        Glossary terms are answered by the glossary tool.
        """
        return ask(answers.rule, number, edition_or_date, limit)

    @tool
    def search(
        query: Annotated[
            str,
            Field(
                description="Words or a question ('what happens when I scry zero'), a "
                '"quoted phrase", or a rule number (that rule and everything under it)'
            ),
        ],
        edition_or_date: Annotated[
            str | None, Field(description=f"The edition to search: {_EDITION}; default: latest")
        ] = None,
        all_editions: Annotated[
            bool, Field(description="Search every edition, versions of each rule grouped")
        ] = False,
        limit: Annotated[int, Field(ge=1, le=25, description="How many rules at most")] = 10,
    ) -> Annotated[CallToolResult, SearchShape]:
        """Rules that answer a question, ranked as `crdex search` ranks them, with snippets.

        Old and new terms find each other ('exile' finds 'removed from the
        game' in old editions). Each hit has the rule's number, title, full
        text, examples and rulings; `total` says how many rules matched.
        """
        return ask(answers.search, query, edition_or_date, all_editions, limit)

    @tool
    def history(
        number: Annotated[
            str,
            Field(description=f"The rule: {_NUMBER} (or a glossary term)"),
        ],
        edition: Annotated[
            str | None,
            Field(
                description=f"The edition the number is read in: {_EDITION}; "
                "default: the last edition that has it"
            ),
        ] = None,
        typography: Annotated[
            bool,
            Field(
                description="List edits of typography alone (quotes, italics) as versions "
                "of their own; by default they are folded into the version before"
            ),
        ] = False,
    ) -> Annotated[CallToolResult, HistoryShape]:
        """Every version of one rule across all editions: its numbers, dates and wording changes.

        Says when it was added, split off, merged or removed, what each
        edit changed word by word, and which other rules held the same
        number at other times (a number is not an identity: 701.18 has
        meant Scry, Shuffle and Play). Edits of typography alone are folded
        into the version before them unless `typography`.
        """
        return ask(answers.history, number, edition, typography)

    @tool
    def resolve(
        number: Annotated[str, Field(description="The rule number as it was cited")],
        at: Annotated[str, Field(description=f"When it was cited: {_EDITION}")],
        to: Annotated[
            str | None, Field(description=f"When to follow it to: {_EDITION}; default: latest")
        ] = None,
    ) -> Annotated[CallToolResult, ResolutionShape]:
        """Where a cited rule went: its number in another edition, through every renumbering.

        The rule that held `number` in the edition in force on `at` is
        followed to `to`: its number there (or when it was removed), with
        the chain of numbers in between. resolve('502.36', '2005-02-01') is
        Scry, 701.22 in 2026-08-07. Use it to update old citations.
        """
        return ask(answers.resolve, number, at, to)

    @tool
    def diff(
        old: Annotated[str, Field(description=f"The older edition: {_EDITION}")],
        new: Annotated[str, Field(description=f"The newer edition: {_EDITION}")],
        only: Annotated[
            list[Kind] | None, Field(description="Only these kinds of change (default: all)")
        ] = None,
        words: Annotated[
            bool, Field(description="Include what each edit changed, word by word")
        ] = True,
        offset: Offset = 0,
        limit: Annotated[int, Field(ge=1, le=200, description="How many changes at most")] = 25,
    ) -> Annotated[CallToolResult, DiffShape]:
        """What changed between two editions (any two): rules added, removed, moved, split, merged, edited.

        Edits are classed as changes of wording, of cross-reference numbers
        only, or of typography only; numbers that name a different rule in
        the new edition are listed as reused. `counts` covers the whole
        diff; the changes come a page at a time (`next_offset`).
        """
        return ask(answers.diff, old, new, only or (), words, offset, limit)

    @tool
    def glossary(
        term: Annotated[
            str | None,
            Field(description="A glossary term or one of its aliases; default: every entry"),
        ] = None,
        edition: Edition = "latest",
        offset: Offset = 0,
        limit: Annotated[int, Field(ge=1, le=200, description="How many entries at most")] = 50,
    ) -> Annotated[CallToolResult, GlossaryShape]:
        """Glossary entries of one edition: a term's definition, aliases and the rules it cites.

        With a term, that entry; without, every entry a page at a time.
        """
        return ask(answers.glossary, term, edition, offset, limit)

    @tool
    def check_citations(
        text: Annotated[str, Field(description="The text: a post, an answer, code comments")],
        edition: Edition = "latest",
        as_of: Annotated[
            str | None,
            Field(
                description="The date the text was written (YYYY-MM-DD): citations without a "
                "date are read in the edition in force then, or about to take effect; "
                "default: none, their words settle numbers that meant several rules"
            ),
        ] = None,
    ) -> Annotated[CallToolResult, CheckShape]:
        """Judge every rule citation in a text against an edition, as `crdex check` does.

        Citations look like 'CR 601.2f', 'rule 702.19b', '[702.19b]',
        'rules 119.7-8', '601.2a-h' or date-pinned '20100716 - 601.2f'. Each
        means the rule its number held when written (its pinned date, else
        `as_of`, else its only rule or its words; else it is ambiguous) and
        is ok, does not exist, moved (with its number now), text changed,
        removed or ambiguous; a mismatch warns that its words fit another
        rule much better.
        """
        return ask(answers.check_citations, text, edition, as_of)

    @tool
    def identify(
        text: Annotated[
            str,
            Field(
                max_length=MAX_IDENTIFY_CHARS,
                description="The rules text: an excerpt pasted or typed out (rule numbers "
                "and their text, such as '502.36a Scry is …'), or a whole document",
            ),
        ],
        name: Annotated[
            str, Field(max_length=200, description="A name for the text in the answer")
        ] = "excerpt",
    ) -> Annotated[CallToolResult, IdentifyShape]:
        """Which edition of the Comprehensive Rules a text is, as `crdex identify` says.

        Its rules are compared with every edition's, typography apart: the
        answer is the run of editions whose text it is ('matched'), or the
        two editions it lies between, or the nearest ones; how many rules are
        identical; and each rule that differs, with why (typography, cut
        short, other words, and which editions have its wording).
        """
        return ask(answers.identify, text, name)
