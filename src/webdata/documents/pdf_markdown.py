"""Markdown blocks from a page's lines and tables: headings, paragraphs, lists, tables.

Headings come from font size (clearly larger than the document's body size, ranked into
``#``/``##``/``###``) and from short bold lines standing alone at body size.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from webdata.documents.blocks import Block, BlockType
from webdata.documents.pdf_furniture import FurnitureType
from webdata.documents.pdf_model import Item, Line, Table

# A size this much larger than the body size (and at least 1 pt more) makes a heading.
HEADING_RATIO = 1.15
MAX_HEADING_CHARS = 200
MAX_BOLD_HEADING_CHARS = 90
MAX_BOLD_HEADING_WORDS = 14

_BULLET_RE = re.compile(r"^[•●○◦▪▫■□‣\u2043∙·\uf0b7\uf0a7➢►▶✓✔]\s*(\S.*)$")
_DASH_RE = re.compile(r"^[-\u2013\u2014*]\s+(\S.*)$")
_NUMBER_RE = re.compile(r"^(\d{1,3})[.)]\s+(\S.*)$")
_LABEL_RE = re.compile(r"^(\(?[a-z][.)]|\(\d{1,3}\)|\(?[ivx]{1,4}\))\s+(\S.*)$")
# Text that markdown would read as block syntax if it started a paragraph.
_BLOCK_SYNTAX_RE = re.compile(
    r"^(#{1,6}(\s|$)|>|[-+*](\s|$)|\d{1,9}[.)](\s|$)|=+\s*$|`{3}|~{3}|\|)"
)
# A table-of-contents entry: dot leaders, then a page number.
_LEADER_RE = re.compile(r"(?:\.\s?){4,}\s*(?:\d+|[ivxlcdm]+)$", re.IGNORECASE)
_TWO_WORD_CHARS_RE = re.compile(r"[^\W_].*?[^\W_]")
_CJK_RE = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")
_SENTENCE_END = (".", "!", "?", ":", ";")


@dataclass(frozen=True, slots=True)
class DocStyle:
    """Document-wide typography: the body size and the heading level of each larger size."""

    body_size: float
    heading_levels: dict[float, int]
    bold_level: int

    def level(self, line: Line) -> int | None:
        return self.heading_levels.get(_size_key(line.size))


def doc_style(pages: list[list[Item]]) -> DocStyle:
    """Body size = the size most text is set in; larger sizes ranked into heading levels."""
    weights: Counter[float] = Counter()
    for items in pages:
        for item in items:
            if isinstance(item, Line):
                weights[_size_key(item.size)] += len(item.text)
    if not weights:
        return DocStyle(0.0, {}, 2)
    body = weights.most_common(1)[0][0]
    threshold = max(body * HEADING_RATIO, body + 1.0)
    larger = sorted((s for s in weights if s >= threshold), reverse=True)
    levels = {size: min(rank + 1, 3) for rank, size in enumerate(larger)}
    return DocStyle(body, levels, max(2, min(len(larger) + 1, 3)))


def _size_key(size: float) -> float:
    return round(size * 2) / 2


def page_blocks(
    items: list[Item],
    furniture: dict[int, FurnitureType],
    style: DocStyle,
    strip_furniture: bool,
) -> list[Block]:
    """The blocks of one page in reading order."""
    writer = _PageWriter(style, _paragraph_gap(items, style))
    for index, item in enumerate(items):
        kind = furniture.get(index)
        if kind is not None and isinstance(item, Line):
            writer.furniture(item, kind, strip_furniture)
        elif isinstance(item, Table):
            writer.table(item)
        else:
            following = items[index + 1] if index + 1 < len(items) else None
            writer.line(item, following if isinstance(following, Line) else None)
    writer.flush()
    return writer.blocks


def _paragraph_gap(items: list[Item], style: DocStyle) -> float:
    """The vertical gap beyond which two lines are separate paragraphs, from the page's leading."""
    em = style.body_size or 10.0
    gaps = []
    prev: Line | None = None
    for item in items:
        if isinstance(item, Line):
            if prev is not None and abs(prev.size - item.size) < 0.5:
                gap = item.top - prev.bottom
                if -0.3 * em <= gap <= 1.2 * em:
                    gaps.append(gap)
            prev = item
        else:
            prev = None
    if not gaps:
        return 0.5 * em
    gaps.sort()
    return gaps[len(gaps) * 3 // 10] + 0.3 * em  # a low percentile: the plain line gap


class _PageWriter:
    """Folds lines into blocks: one open block at a time, flushed when a line does not fit."""

    def __init__(self, style: DocStyle, para_gap: float) -> None:
        self.style = style
        self.para_gap = para_gap
        self.blocks: list[Block] = []
        self.kind: str | None = None  # "para", "heading", "item" or "code"
        self.lines: list[Line] = []
        self.text = ""
        self.prefix = ""  # "## " or "  - "
        self.widest = 0.0  # right edge of the open block's widest line
        self.level = 0
        self.list_stack: list[tuple[float, str]] = []  # (marker x0, indent of its children)
        self.in_list = False

    def line(self, line: Line, following: Line | None) -> None:
        if line.mono and self.style.level(line) is None and not self.inline_code(line):
            if not (self.kind == "code" and self.code_continues(line)):
                self.flush()
                self.open("code", line, "", "")
            else:
                self.lines.append(line)
            return
        level = self.heading_level(line, following)
        if level is not None:
            if self.kind == "heading" and level == self.level and self.continues(line):
                self.append(line)
                return
            self.flush()
            self.open("heading", line, "#" * level + " ", line.text)
            self.level = level
            return
        item = self.list_item(line)
        if item is not None:
            marker, text = item
            self.flush()
            indent = self.list_indent(line, marker)
            self.open("item", line, indent + marker + " ", text)
            return
        if self.kind in ("para", "item") and self.continues(line):
            self.append(line)
            return
        self.flush()
        self.open("para", line, "", line.text)

    def table(self, table: Table) -> None:
        self.flush()
        self.in_list = False
        self.list_stack.clear()
        bbox = (table.x0, table.top, table.x1, table.bottom)
        self.blocks.append(Block("table", _table_markdown(table.rows), bbox, "table"))

    def furniture(self, line: Line, kind: FurnitureType, strip: bool) -> None:
        self.flush()
        if not strip:
            self.in_list = False
            self.list_stack.clear()
        bbox = (line.x0, line.top, line.x1, line.bottom)
        self.blocks.append(Block(kind, _escape(line.text), bbox, kind, in_markdown=not strip))

    def inline_code(self, line: Line) -> bool:
        """A code-font line inside a running paragraph is part of its text."""
        if self.kind != "para" or self.lines[-1].mono:
            return False
        if self.lines[-1].text.endswith(_SENTENCE_END):
            return False  # the paragraph is done: a code line after it is a code block
        return self.continues(line)

    def code_continues(self, line: Line) -> bool:
        prev = self.lines[-1]
        gap = line.top - prev.bottom
        close = -0.5 * line.size <= gap <= 2.6 * max(line.height, 1.0)  # up to 2 blank lines
        return close and abs(prev.size - line.size) <= 0.6

    def heading_level(self, line: Line, following: Line | None) -> int | None:
        level = self.style.level(line)
        if level is None and not line.bold:
            return None  # most lines: settle it before looking at the text
        if len(line.text) > MAX_HEADING_CHARS or not _TWO_WORD_CHARS_RE.search(line.text):
            return None
        if _LEADER_RE.search(line.text):
            return None  # a table of contents entry
        if level is not None:
            return level
        if not line.bold or abs(line.size - self.style.body_size) > 0.15 * line.size:
            return None
        if len(line.text) > MAX_BOLD_HEADING_CHARS or line.text.endswith((".", ",", ";")):
            return None
        if len(line.text.split()) > MAX_BOLD_HEADING_WORDS or _list_marker(line.text):
            return None
        if following is not None and following.bold and self.close_below(line, following):
            return None  # the first line of a bold paragraph
        if self.kind == "para" and self.lines[-1].bold and self.continues(line):
            return None  # a later line of a bold paragraph
        return self.style.bold_level

    def list_item(self, line: Line) -> tuple[str, str] | None:
        found = _list_marker(line.text)
        if found is None:
            return None
        marker, text, bullet = found
        # "... see section\n2. The results" is a wrapped sentence, not a list.
        wrapped = self.kind == "para" and not self.lines[-1].text.endswith(_SENTENCE_END)
        if not bullet and wrapped and self.continues(line):
            return None
        return marker, text

    def list_indent(self, line: Line, marker: str) -> str:
        """Indent for nesting: items further right than the previous item are its children."""
        if not self.in_list:
            self.list_stack.clear()
        tol = 0.5 * max(line.size, 1.0)
        stack = self.list_stack
        while stack and stack[-1][0] > line.x0 + tol:
            stack.pop()
        if stack and abs(stack[-1][0] - line.x0) <= tol:
            stack.pop()
        indent = stack[-1][1] if stack else ""
        stack.append((line.x0, indent + " " * (len(marker) + 1)))
        return indent

    def continues(self, line: Line) -> bool:
        """Whether ``line`` goes on the open block rather than starting a new one."""
        if not self.lines:
            return False
        prev = self.lines[-1]
        em = max(prev.size, line.size, 1.0)
        if abs(prev.size - line.size) > max(0.6, 0.12 * em) or _LEADER_RE.search(prev.text):
            return False
        gap = line.top - prev.bottom
        if gap < -0.5 * em:  # back up the page: the next column
            return not prev.text.endswith(_SENTENCE_END) and line.text[:1].islower()
        if gap > self.para_gap:
            return False
        if self.kind == "item":
            return line.x0 >= self.lines[0].x0 - 0.3 * em
        return not (line.x0 - prev.x0 > 0.8 * em and prev.x1 < self.widest - em)

    def close_below(self, line: Line, following: Line) -> bool:
        gap = following.top - line.bottom
        return abs(line.size - following.size) < 0.6 and -0.5 * line.size <= gap <= self.para_gap

    def open(self, kind: str, line: Line, prefix: str, text: str) -> None:
        self.kind, self.lines, self.prefix, self.text = kind, [line], prefix, text
        self.widest = line.x1

    def append(self, line: Line) -> None:
        prev = self.lines[-1]
        self.lines.append(line)
        self.widest = max(self.widest, line.x1)
        self.text = _join_lines(self.text, prev, line.text)

    def flush(self) -> None:
        if self.kind is None:
            return
        lines, kind = self.lines, self.kind
        bbox = (
            min(ln.x0 for ln in lines),
            min(ln.top for ln in lines),
            max(ln.x1 for ln in lines),
            max(ln.bottom for ln in lines),
        )
        block_type: BlockType = "text"
        if kind == "code":
            block = Block(block_type, _code_markdown(lines), bbox, "code")
        elif kind == "heading" and len(self.text) <= MAX_HEADING_CHARS:
            block = Block("section_header", self.prefix + self.text, bbox, "heading")
        elif kind == "item":
            block = Block(block_type, self.prefix + self.text, bbox, "list_item")
            block.tight = self.in_list
        else:
            block = Block(block_type, _escape(self.text), bbox, "paragraph")
        self.in_list = kind == "item"
        if not self.in_list:
            self.list_stack.clear()
        self.blocks.append(block)
        self.kind, self.lines, self.text = None, [], ""


def _code_markdown(lines: list[Line]) -> str:
    """A fenced block, indentation rebuilt from x positions (code fonts are ~0.6 em wide)."""
    left = min(ln.x0 for ln in lines)
    out: list[str] = []
    for i, ln in enumerate(lines):
        if i and ln.top - lines[i - 1].bottom > 0.5 * ln.height:
            out.append("")
        out.append(" " * round((ln.x0 - left) / (0.6 * max(ln.size, 1.0))) + ln.text)
    fence = "~~~~" if any("```" in t for t in out) else "```"
    return "\n".join([fence, *out, fence])


def _list_marker(text: str) -> tuple[str, str, bool] | None:
    """(markdown marker, item text, is a bullet) when ``text`` starts a list item."""
    m = _BULLET_RE.match(text) or _DASH_RE.match(text)
    if m:
        return "-", m.group(1), True
    m = _NUMBER_RE.match(text)
    if m:
        return f"{int(m.group(1))}.", m.group(2), False
    m = _LABEL_RE.match(text)
    if m:
        return "-", f"{m.group(1)} {m.group(2)}", False
    return None


def _join_lines(text: str, prev: Line, following: str) -> str:
    """Join a wrapped line: undo end-of-line hyphenation, otherwise put a space."""
    if text.endswith("\u00ad"):
        return text[:-1] + following
    if prev.hyphen and text.endswith("-"):
        # Like pdftotext: "hyphen-\nated" is one word; "well-\nKnown" keeps its hyphen.
        return text[:-1] + following if following[:1].islower() else text + following
    if _CJK_RE.match(text[-1:]) and _CJK_RE.match(following[:1]):
        return text + following  # Chinese and Japanese put no space between wrapped lines
    return text + " " + following


def _escape(text: str) -> str:
    return "\\" + text if _BLOCK_SYNTAX_RE.match(text) else text


def _table_markdown(rows: list[list[str]]) -> str:
    width = max(len(r) for r in rows)
    cells = [[_cell(c) for c in r] + [""] * (width - len(r)) for r in rows]
    lines = ["| " + " | ".join(cells[0]) + " |", "| " + " | ".join(["---"] * width) + " |"]
    lines += ["| " + " | ".join(r) + " |" for r in cells[1:]]
    return "\n".join(lines)


def _cell(text: str) -> str:
    return " ".join(text.replace("|", "\\|").split())
