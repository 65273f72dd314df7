"""Word-level differences between two wordings of a rule.

Rules are long sentences in which a few words change, so a diff by words
reads better than one by lines or characters. Words are compared as
written (an edit of typography shows as the words whose typing changed);
the alignment is rapidfuzz's Indel opcodes over word lists, which is linear
enough to run on every edited rule of a diff.
"""

from __future__ import annotations

from dataclasses import dataclass

from .content import typography_key

__all__ = ["WordChange", "render", "without_typography", "word_diff"]


@dataclass(frozen=True, slots=True)
class WordChange:
    """``op`` is ``=`` (kept), ``-`` (removed), ``+`` (added); ``text`` is the words."""

    op: str
    text: str

    def to_dict(self) -> dict[str, str]:
        return {"op": self.op, "text": self.text}


def word_diff(old: str, new: str) -> list[WordChange]:
    """Kept, removed and added stretches of words, in reading order (removed before added)."""
    # imported here: rendering a stored diff, or showing a rule, needs no alignment
    from rapidfuzz.distance import Indel

    a, b = old.split(), new.split()
    out: list[WordChange] = []
    pending_del: list[str] = []
    pending_ins: list[str] = []

    def flush() -> None:
        if pending_del:
            out.append(WordChange("-", " ".join(pending_del)))
            pending_del.clear()
        if pending_ins:
            out.append(WordChange("+", " ".join(pending_ins)))
            pending_ins.clear()

    for op in Indel.opcodes(a, b):
        if op.tag == "equal":
            flush()
            out.append(WordChange("=", " ".join(a[op.src_start : op.src_end])))
        else:
            pending_del.extend(a[op.src_start : op.src_end])
            pending_ins.extend(b[op.dest_start : op.dest_end])
    flush()
    return out


def without_typography(changes: list[WordChange]) -> list[WordChange]:
    """The changes with every removed-then-added pair that differs only in typing kept as one.

    "[-can't-] {+can’t+}" becomes the added words, kept ("can’t"), as do
    "_Magic_" and "Magic"; a pair that changes words stays. Kept stretches
    side by side are joined, so what remains reads as one sentence. Empty
    when nothing but typing changed.
    """
    out: list[WordChange] = []
    i = 0
    while i < len(changes):
        ch = changes[i]
        after = changes[i + 1] if i + 1 < len(changes) else None
        if (
            ch.op == "-"
            and after is not None
            and after.op == "+"
            and typography_key(ch.text) == typography_key(after.text)
        ):
            ch, i = WordChange("=", after.text), i + 1
        if ch.op == "=" and out and out[-1].op == "=":
            out[-1] = WordChange("=", f"{out[-1].text} {ch.text}")
        else:
            out.append(ch)
        i += 1
    return out if any(c.op != "=" for c in out) else []


def render(changes: list[WordChange], *, context: int | None = 8) -> str:
    """``[-removed-]{+added+}`` inline, as ``git diff --word-diff`` prints it.

    With ``context``, long kept stretches are cut to that many words on each
    side of a change.
    """
    parts: list[str] = []
    last = len(changes) - 1
    for n, ch in enumerate(changes):
        if ch.op == "-":
            parts.append(f"[-{ch.text}-]")
        elif ch.op == "+":
            parts.append(f"{{+{ch.text}+}}")
        else:
            words = ch.text.split()
            if context is not None and len(words) > 2 * context + 1:
                head = words[:context] if n > 0 else []
                tail = words[-context:] if n < last else []
                words = [*head, "…", *tail]
            parts.append(" ".join(words))
    return " ".join(p for p in parts if p)
