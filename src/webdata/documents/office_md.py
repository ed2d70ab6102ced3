"""Markdown building blocks for the office converters: escaping, inline runs, lists, GFM tables.

The output follows the project's HTML converter (``content/markdown.py``): ATX headings, ``-``
bullets, ``*`` emphasis, ``"  \\n"`` hard breaks, unpadded GFM tables with ``<br>`` in cells.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import groupby

# Characters that would start markup mid-line. ``_`` only where it could open or close
# emphasis (not inside a word, so snake_case stays readable); ``\`` only where it escapes.
_INLINE = re.compile(
    r"[`*\[\]~]"
    r"|(?<![^\W_])_|_(?![^\W_])"
    r"|\\(?=[!-/:-@\[-`{-~]|$)"
    r"|<(?=[A-Za-z/!?])"
    r"|&(?=#?\w+;)"
)
# Line starts that would turn prose into a heading, quote, list item or setext underline.
_LINE_START = re.compile(r"^(?:#{1,6}(?=[ \t]|$)|>|[-+](?=[ \t]|$)|=+[ \t]*$|-+[ \t]*$)")
_ORDERED_START = re.compile(r"^(\d{1,9})([.)])(?=[ \t]|$)")
# C0 controls other than tab and newline (vertical tab and form feed are line breaks in Office).
_CONTROLS = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")
_BREAKS = re.compile(r"\r\n|[\r\x0b\x0c\u2028\u2029]")


@dataclass(frozen=True)
class Span:
    """A run of text with its formatting, the unit every converter hands to the renderer."""

    text: str
    bold: bool = False
    italic: bool = False
    href: str | None = None


@dataclass(frozen=True)
class ListItem:
    """One list paragraph: nesting level (0 = top), ordered or bullet, rendered inline text."""

    level: int
    ordered: bool
    text: str


def clean_text(text: str) -> str:
    """Normalise line breaks to ``\\n`` and drop control characters."""
    return _CONTROLS.sub("", _BREAKS.sub("\n", text))


def escape_text(text: str) -> str:
    """Escape characters that markdown would read as inline markup."""
    return _INLINE.sub(lambda m: "\\" + m.group(0), clean_text(text))


def escape_line_starts(md: str) -> str:
    """Escape each line's opening characters that would start a block (``#``, ``>``, ``1.``…)."""
    lines = []
    for line in md.split("\n"):
        if _LINE_START.match(line):
            line = "\\" + line
        else:
            line = _ORDERED_START.sub(r"\1\\\2", line, count=1)
        lines.append(line)
    return "\n".join(lines)


def safe_url(url: str) -> str | None:
    """A link target usable in ``[text](url)``; None for script URLs."""
    url = url.strip()
    if not url or url.lower().replace(" ", "").startswith(("javascript:", "vbscript:", "data:")):
        return None
    for char, code in ((" ", "%20"), ("(", "%28"), (")", "%29"), ("<", "%3C"), (">", "%3E")):
        url = url.replace(char, code)
    return url


def _emphasis(spans: Iterable[Span]) -> str:
    parts: list[str] = []
    for (bold, italic), group in groupby(spans, key=lambda s: (s.bold, s.italic)):
        text = clean_text("".join(s.text for s in group))
        core = text.strip()
        if not core or not (bold or italic):
            parts.append(escape_text(text))
            continue
        # Markers hug the text: "** a **" is not emphasis, so spaces move outside them.
        lead = text[: len(text) - len(text.lstrip())]
        trail = text[len(text.rstrip()) :]
        mark = "***" if bold and italic else "**" if bold else "*"
        parts.append(f"{lead}{mark}{escape_text(core)}{mark}{trail}")
    return "".join(parts)


def render_spans(spans: Iterable[Span]) -> str:
    """Inline markdown of formatted runs; consecutive runs with one link become one link."""
    parts: list[str] = []
    for href, group in groupby(spans, key=lambda s: s.href):
        inner = _emphasis(group)
        url = safe_url(href) if href else None
        core = inner.strip()
        if url is None or not core:
            parts.append(inner)
            continue
        lead = inner[: len(inner) - len(inner.lstrip())]
        trail = inner[len(inner.rstrip()) :]
        parts.append(f"{lead}[{core}]({url}){trail}")
    return "".join(parts)


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.split("\n")]


def paragraph(text: str) -> str:
    """A prose block from rendered inline text; inner line breaks become hard breaks."""
    lines = [line for line in _lines(text) if line]
    return escape_line_starts("  \n".join(lines))


def heading(level: int, text: str) -> str:
    """An ATX heading (level clamped to 1-6); empty when the text is."""
    text = " ".join(line for line in _lines(text) if line)
    if not text:
        return ""
    return f"{'#' * min(max(level, 1), 6)} {text}"


def render_list(items: Sequence[ListItem]) -> str:
    """A (nested) markdown list; levels may jump, and are clamped to one deeper than the last."""
    out: list[str] = []
    # One entry per open level: (level, ordered, counter, indent of the marker, of the content).
    stack: list[tuple[int, bool, int, str, str]] = []
    for item in items:
        level = min(max(item.level, 0), stack[-1][0] + 1 if stack else 0)
        while stack and stack[-1][0] > level:
            stack.pop()
        if stack and stack[-1][0] == level and stack[-1][1] == item.ordered:
            _, _, counter, base, _ = stack.pop()
            counter += 1
        else:
            if stack and stack[-1][0] == level:
                stack.pop()  # bullet <-> numbered at one level: a new list
                if level == 0:
                    out.append("")  # set apart, for readers of the raw text
            counter = 1
            base = stack[-1][4] if stack else ""
        marker = f"{counter}." if item.ordered else "-"
        content = base + " " * (len(marker) + 1)
        stack.append((level, item.ordered, counter, base, content))
        lines = [line for line in _lines(item.text) if line] or [""]
        lines = escape_line_starts("\n".join(lines)).split("\n")
        # Later lines of one item (line breaks in it) are hard breaks, indented into the item.
        out.append((f"{base}{marker} " + f"  \n{content}".join(lines)).rstrip())
    return "\n".join(out)


def table_cell(md: str) -> str:
    """Rendered inline markdown made safe for one GFM cell: one line, pipes escaped."""
    lines = [line for line in _lines(md) if line]
    return "<br>".join(lines).replace("|", "\\|")


def trim_table(rows: Sequence[Sequence[str]]) -> list[list[str]]:
    """Drop the rows and the columns whose cells are all empty."""
    kept = [list(row) for row in rows if any(cell.strip() for cell in row)]
    width = max((len(row) for row in kept), default=0)
    for row in kept:
        row.extend([""] * (width - len(row)))
    used = [c for c in range(width) if any(row[c].strip() for row in kept)]
    return [[row[c] for c in used] for row in kept]


def render_table(rows: Sequence[Sequence[str]]) -> str:
    """A GFM table of rendered cells, the first row as header; empty when there is nothing."""
    if not rows:
        return ""
    width = max(len(row) for row in rows)
    if width == 0:
        return ""
    lines = []
    for i, row in enumerate(rows):
        cells = [table_cell(cell) for cell in row] + [""] * (width - len(row))
        lines.append("| " + " | ".join(cells) + " |")
        if i == 0:
            lines.append("| " + " | ".join(["---"] * width) + " |")
    return "\n".join(lines)
