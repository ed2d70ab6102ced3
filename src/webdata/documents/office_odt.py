"""ODT (OpenDocument text) -> markdown: headings, paragraphs, emphasis, links, lists, tables.

Read straight from ``content.xml`` (and ``styles.xml`` for named styles) with the standard
library's XML parser: the format is plain, and this keeps odfpy out of the runtime.
Footnotes, annotations, drawings and text boxes are left out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from xml.etree.ElementTree import Element

from webdata.documents.office_base import (
    MAX_TABLE_ROWS,
    Draft,
    OfficeError,
    open_zip,
    parse_xml,
    read_member,
)
from webdata.documents.office_md import (
    ListItem,
    Span,
    heading,
    paragraph,
    render_list,
    render_spans,
    render_table,
)

_NS = {
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
    "style": "urn:oasis:names:tc:opendocument:xmlns:style:1.0",
    "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "fo": "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0",
    "xlink": "http://www.w3.org/1999/xlink",
    "dc": "http://purl.org/dc/elements/1.1/",
    "draw": "urn:oasis:names:tc:opendocument:xmlns:drawing:1.0",
}
MIMETYPE = "application/vnd.oasis.opendocument.text"
MAX_REPEAT = 1_000  # table:number-*-repeated is often 1024 or 1048576 for trailing blanks
_SPACE = re.compile(r"[ \t\r\n]+")


def _q(name: str) -> str:
    prefix, _, tag = name.partition(":")
    return f"{{{_NS[prefix]}}}{tag}"


_H, _P, _SPAN, _A, _S = _q("text:h"), _q("text:p"), _q("text:span"), _q("text:a"), _q("text:s")
_TAB, _BR, _LIST = _q("text:tab"), _q("text:line-break"), _q("text:list")
_ITEMS = {_q("text:list-item"), _q("text:list-header")}
_TABLE, _ROW = _q("table:table"), _q("table:table-row")
_CELL, _COVERED = _q("table:table-cell"), _q("table:covered-table-cell")
_ROW_GROUPS = {_q(f"table:{n}") for n in ("table-header-rows", "table-rows", "table-row-group")}
_STYLE_NAME, _OUTLINE = _q("text:style-name"), _q("text:outline-level")
# Containers whose children are ordinary blocks.
_BLOCK_WRAPPERS = {
    _q(f"text:{n}")
    for n in ("section", "table-of-content", "index-body", "illustration-index", "bibliography")
}
# Inline elements that are not running text (their tail still is).
_INLINE_SKIP = {
    _q(n)
    for n in (
        "text:note",
        "office:annotation",
        "office:annotation-end",
        "text:bookmark",
        "text:bookmark-start",
        "text:bookmark-end",
        "text:soft-page-break",
        "text:reference-mark",
        "draw:frame",
        "draw:a",
        "draw:custom-shape",
    )
}


@dataclass
class _Styles:
    """Bold/italic of text and paragraph styles, numbering of list styles, by style name."""

    text: dict[str, tuple[str | None, bool | None, bool | None]] = field(default_factory=dict)
    lists: dict[str, dict[int, bool]] = field(default_factory=dict)
    display: dict[str, str] = field(default_factory=dict)

    def read(self, root: Element) -> None:
        for node in root.iter(_q("style:style")):
            name = node.get(_q("style:name"), "")
            props = node.find(_q("style:text-properties"))
            bold = italic = None
            if props is not None:
                weight = props.get(_q("fo:font-weight"))
                if weight is not None:
                    bold = weight == "bold" or (weight.isdigit() and int(weight) >= 600)
                style = props.get(_q("fo:font-style"))
                if style is not None:
                    italic = style in ("italic", "oblique")
            self.text[name] = (node.get(_q("style:parent-style-name")), bold, italic)
            self.display[name] = node.get(_q("style:display-name"), name)
        for node in root.iter(_q("text:list-style")):
            levels: dict[int, bool] = {}
            for level in node:
                number = level.get(_q("text:level"), "1")
                if number.isdigit():
                    levels[int(number)] = level.tag == _q("text:list-level-style-number")
            self.lists[node.get(_q("style:name"), "")] = levels

    def emphasis(self, name: str | None) -> tuple[bool, bool]:
        """(bold, italic) of a style, following its parents."""
        bold = italic = None
        for _ in range(20):  # a cycle of parents must not hang us
            if name is None or name not in self.text:
                break
            name, b, i = self.text[name]
            bold = b if bold is None else bold
            italic = i if italic is None else italic
        return bool(bold), bool(italic)

    def is_title(self, name: str | None) -> bool:
        for _ in range(20):
            if name is None:
                return False
            if self.display.get(name, name) == "Title":
                return True
            name = self.text.get(name, (None, None, None))[0]
        return False


@dataclass
class _Reader:
    styles: _Styles
    draft: Draft
    items: list[ListItem] = field(default_factory=list)

    def inline(self, el: Element, bold: bool, italic: bool, href: str | None) -> Iterator[Span]:
        if el.text:
            yield Span(_SPACE.sub(" ", el.text), bold, italic, href)
        for child in el:
            tag = child.tag
            if tag == _S:
                count = child.get(_q("text:c"), "1")
                yield Span(" " * min(int(count) if count.isdigit() else 1, 100))
            elif tag == _TAB:
                yield Span("\t")
            elif tag == _BR:
                yield Span("\n")
            elif tag == _SPAN:
                b, i = self.styles.emphasis(child.get(_STYLE_NAME))
                yield from self.inline(child, bold or b, italic or i, href)
            elif tag == _A:
                yield from self.inline(child, bold, italic, child.get(_q("xlink:href")) or href)
            elif tag not in _INLINE_SKIP:
                yield from self.inline(child, bold, italic, href)
            if child.tail:
                yield Span(_SPACE.sub(" ", child.tail), bold, italic, href)

    def text(self, el: Element, plain: bool = False) -> str:
        bold, italic = (False, False) if plain else self.styles.emphasis(el.get(_STYLE_NAME))
        spans = self.inline(el, bold, italic, None)
        if plain:  # headings: their style's weight is not emphasis
            spans = (Span(s.text, href=s.href) for s in spans)
        return render_spans(spans)

    def flush(self) -> None:
        if self.items:
            items, self.items = self.items, []
            self.draft.add(render_list(items))

    def blocks(self, parent: Element) -> None:
        for child in parent:
            tag = child.tag
            if tag == _H or (tag == _P and self.styles.is_title(child.get(_STYLE_NAME))):
                self.flush()
                level = child.get(_OUTLINE, "1")
                self.draft.add(
                    heading(int(level) if level.isdigit() else 1, self.text(child, True))
                )
            elif tag == _P:
                text = self.text(child)
                if text.strip():
                    self.flush()
                    self.draft.add(paragraph(text))
            elif tag == _LIST:
                self.list(child, 0, None)
            elif tag == _TABLE:
                self.flush()
                self.draft.add(self.table(child))
            elif tag in _BLOCK_WRAPPERS:
                self.blocks(child)
        self.flush()

    def list(self, el: Element, level: int, style: str | None) -> None:
        style = el.get(_STYLE_NAME) or style
        ordered = self.styles.lists.get(style or "", {}).get(level + 1, False)
        for item in el:
            if item.tag not in _ITEMS:
                continue
            first = True
            for child in item:
                if child.tag in (_P, _H):
                    text = self.text(child)
                    if not text.strip():
                        continue
                    if first:
                        self.items.append(ListItem(level, ordered, text))
                        first = False
                    else:  # a second paragraph of the same item: a new line in it
                        last = self.items[-1]
                        self.items[-1] = ListItem(last.level, last.ordered, f"{last.text}\n{text}")
                elif child.tag == _LIST:
                    self.list(child, level + 1, style)
                    first = False

    def rows(self, el: Element) -> Iterator[Element]:
        for child in el:
            if child.tag == _ROW:
                yield child
            elif child.tag in _ROW_GROUPS:
                yield from self.rows(child)

    def cell_text(self, cell: Element) -> str:
        lines: list[str] = []
        for node in cell.iter():
            if node.tag in (_P, _H) and (text := self.text(node)).strip():
                lines.append(text)
        return "\n".join(lines)

    def table(self, el: Element) -> str:
        rows: list[list[str]] = []
        for row in self.rows(el):
            cells: list[str] = []
            for cell in row:
                if cell.tag not in (_CELL, _COVERED):
                    continue
                repeat = _count(cell.get(_q("table:number-columns-repeated")))
                # A covered cell is the hidden part of a merge: left empty.
                cells.extend([self.cell_text(cell) if cell.tag == _CELL else ""] * repeat)
            repeat = _count(row.get(_q("table:number-rows-repeated")))
            rows.extend([cells] * min(repeat, MAX_TABLE_ROWS - len(rows)))
            if len(rows) >= MAX_TABLE_ROWS:
                self.draft.warnings.append(f"table truncated to {MAX_TABLE_ROWS} rows")
                break
        return render_table(rows) if any(any(c.strip() for c in r) for r in rows) else ""


def _count(value: str | None) -> int:
    return min(int(value), MAX_REPEAT) if value and value.isdigit() else 1


def _check(names: list[str], read: dict[str, bytes]) -> None:
    mimetype = read.get("mimetype", b"").strip().decode("ascii", "replace")
    if mimetype and mimetype != MIMETYPE:
        raise OfficeError(f"not an ODT file: its mimetype is {mimetype!r}")
    if "content.xml" not in names:
        raise OfficeError("not an ODT file: content.xml is missing")
    # ODF encrypts member by member and records it in the manifest.
    if b"encryption-data" in read.get("META-INF/manifest.xml", b""):
        raise OfficeError("encrypted (password-protected) ODT file; cannot be read")


def convert_odt(data: bytes, draft: Draft) -> None:
    """Fill ``draft`` with the markdown of an .odt file."""
    with open_zip(data, "odt", draft.max_unpacked) as archive:
        names = archive.namelist()
        small = ("mimetype", "META-INF/manifest.xml", "meta.xml", "styles.xml")
        read = {n: read_member(archive, n, "odt") for n in small if n in names}
        _check(names, read)
        content = parse_xml(read_member(archive, "content.xml", "odt"), "ODT content.xml")
    styles = _Styles()
    if "styles.xml" in read:
        styles.read(parse_xml(read["styles.xml"], "ODT styles.xml"))
    styles.read(content)  # automatic styles of the content win over named ones
    if "meta.xml" in read:
        title = parse_xml(read["meta.xml"], "ODT meta.xml").find(f".//{_q('dc:title')}")
        draft.title = (title.text or "").strip() or None if title is not None else None
    body = content.find(f"{_q('office:body')}/{_q('office:text')}")
    if body is None:
        raise OfficeError("not an ODT file: content.xml has no office:text body")
    _Reader(styles, draft).blocks(body)
