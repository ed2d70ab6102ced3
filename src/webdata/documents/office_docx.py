"""DOCX -> markdown with python-docx: headings, emphasis, links, nested lists, GFM tables.

python-docx gives the package, styles and table grid; paragraphs are walked on the XML so
that text python-docx skips (tracked insertions, content controls, field-code hyperlinks)
is kept. Headers, footers, footnotes, comments and text boxes are left out.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import docx
from docx.document import Document
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.oxml.ns import qn
from docx.styles.style import CharacterStyle, ParagraphStyle
from docx.table import Table, _Cell
from docx.text.paragraph import Paragraph

from webdata.documents.office_base import Draft, OfficeError, ooxml_title, require_ooxml
from webdata.documents.office_md import (
    ListItem,
    Span,
    heading,
    paragraph,
    render_list,
    render_spans,
    render_table,
)

_W_P, _W_TBL, _W_R, _W_T = qn("w:p"), qn("w:tbl"), qn("w:r"), qn("w:t")
_W_HYPERLINK, _W_FLDSIMPLE, _W_SDT = qn("w:hyperlink"), qn("w:fldSimple"), qn("w:sdt")
_W_SDTCONTENT, _W_FLDCHAR, _W_INSTR = qn("w:sdtContent"), qn("w:fldChar"), qn("w:instrText")
# Wrappers whose children are ordinary content (``w:del`` is deleted text: not kept).
_W_TRANSPARENT = {qn("w:ins"), qn("w:smartTag"), qn("w:customXml"), qn("w:moveTo")}
_W_BREAKS = {qn("w:br"), qn("w:cr")}
_W_TAB, _W_NBHYPHEN = qn("w:tab"), qn("w:noBreakHyphen")
_W_VAL, _W_TYPE = qn("w:val"), qn("w:type")
_HEADING_STYLE = re.compile(r"^heading\s*([1-9])$", re.IGNORECASE)
_LIST_STYLE_LEVEL = re.compile(r"^list\b.*?\s([2-9])$", re.IGNORECASE)
_FIELD_URL = re.compile(r'HYPERLINK\s+"([^"]+)"', re.IGNORECASE)


def _val(element: Any, path: str) -> str | None:
    """The ``w:val`` of the first ``path`` (``w:`` tags without prefix, ``/``-joined) under it."""
    node = element.find("/".join(qn(f"w:{part}") for part in path.split("/")))
    return None if node is None else node.get(_W_VAL)


def _style_chain(style: CharacterStyle | None) -> Iterator[CharacterStyle]:
    seen = 0
    while style is not None and seen < 20:  # a cycle in basedOn must not hang us
        yield style
        style = style.base_style
        seen += 1


@dataclass(frozen=True)
class StyleInfo:
    """What a paragraph style says about its paragraphs (looked up once per style)."""

    name: str
    heading: int  # 1-6, 0 for body text
    outline: int  # from an outline level in the style chain, 0 when none
    num_id: str | None  # list numbering inherited from the style
    ilvl: str | None


def style_info(style: ParagraphStyle | None) -> StyleInfo:
    name = (style.name or "") if style is not None else ""
    heading = 1 if name.lower() == "title" else 0
    if match := _HEADING_STYLE.match(name):
        heading = min(int(match.group(1)), 6)
    outline, num_id, ilvl = 0, None, None
    for s in _style_chain(style):
        level = _val(s.element, "pPr/outlineLvl")
        if not outline and level is not None and level.isdigit() and int(level) < 9:
            outline = min(int(level) + 1, 6)
        if num_id is None and (num_id := _val(s.element, "pPr/numPr/numId")) is not None:
            # "List Bullet 2" style: a one-level numbering, the depth is in the name.
            named = _LIST_STYLE_LEVEL.match(s.name or "")
            ilvl = str(int(named.group(1)) - 1) if named else _val(s.element, "pPr/numPr/ilvl")
    return StyleInfo(name, heading, outline, num_id, ilvl)


def heading_level(p: Any, info: StyleInfo) -> int:
    """1-6 for Title, Heading N and outline-levelled paragraphs; 0 for body text."""
    if info.heading:
        return info.heading
    # Custom heading styles, or the paragraph itself, carry an outline level (9 = body text).
    level = _val(p, "pPr/outlineLvl")
    if level is not None and level.isdigit():
        return min(int(level) + 1, 6) if int(level) < 9 else 0
    return info.outline


class _Numbering:
    """Which paragraphs are list items, at which level, bullet or numbered."""

    def __init__(self, doc: Document) -> None:
        self.formats: dict[tuple[str, int], str] = {}
        try:
            element: Any = doc.part.part_related_by(RT.NUMBERING).element  # type: ignore[attr-defined]
        except KeyError:
            return
        abstract: dict[str, dict[int, str]] = {}
        for node in element.findall(qn("w:abstractNum")):
            abstract[node.get(qn("w:abstractNumId"))] = self._levels(node)
        for num in element.findall(qn("w:num")):
            levels = dict(abstract.get(_val(num, "abstractNumId") or "", {}))
            for override in num.findall(qn("w:lvlOverride")):
                levels.update(self._levels(override))
            for ilvl, fmt in levels.items():
                self.formats[(num.get(qn("w:numId")), ilvl)] = fmt

    @staticmethod
    def _levels(node: Any) -> dict[int, str]:
        levels: dict[int, str] = {}
        for lvl in node.findall(qn("w:lvl")):
            ilvl = lvl.get(qn("w:ilvl"), "0")
            if ilvl.isdigit():
                levels[int(ilvl)] = _val(lvl, "numFmt") or "decimal"
        return levels

    def of(self, p: Any, info: StyleInfo) -> tuple[int, bool] | None:
        """(level, ordered) of a list paragraph, None for other paragraphs."""
        num_id, ilvl = _val(p, "pPr/numPr/numId"), _val(p, "pPr/numPr/ilvl")
        if num_id is None:
            num_id, ilvl = info.num_id, info.ilvl
        if num_id is None or num_id == "0":  # numId 0 switches inherited numbering off
            return None
        level = int(ilvl) if ilvl and ilvl.isdigit() else 0
        fmt = self.formats.get((num_id, level))
        if fmt is None:
            return level, "number" in info.name.lower()
        return level, fmt not in ("bullet", "none")


@dataclass
class _Field:
    """A complex field (``w:fldChar`` begin/separate/end) being read across runs."""

    instr: str = ""
    in_result: bool = False


@dataclass
class _Reader:
    doc: Document
    draft: Draft
    numbering: _Numbering
    items: list[ListItem] = field(default_factory=list)
    fields: list[_Field] = field(default_factory=list)
    first_title: str | None = None
    styles: dict[str | None, StyleInfo] = field(default_factory=dict)

    def style(self, para: Paragraph) -> StyleInfo:
        # python-docx scans the whole style list on every lookup: once per style is enough.
        key = _val(para._p, "pPr/pStyle")
        if key not in self.styles:
            self.styles[key] = style_info(para.style)
        return self.styles[key]

    def blocks(self, parent: Any) -> None:
        for child in parent.iterchildren():
            if child.tag == _W_P:
                self.paragraph(Paragraph(child, self.doc))
            elif child.tag == _W_TBL:
                self.flush()
                self.draft.add(self.table(Table(child, self.doc)))
            elif child.tag == _W_SDT:
                content = child.find(_W_SDTCONTENT)
                if content is not None:
                    self.blocks(content)
            elif child.tag in _W_TRANSPARENT:
                self.blocks(child)

    def flush(self) -> None:
        if self.items:
            items, self.items = self.items, []
            self.draft.add(render_list(items))

    def paragraph(self, para: Paragraph) -> None:
        spans = list(self.spans(para._p, para, None))
        info = self.style(para)
        level = heading_level(para._p, info)
        if level:
            # Heading styles are bold already; "# **Title**" would only add noise.
            text = render_spans(Span(s.text, href=s.href) for s in spans)
            if not text.strip():
                return
            self.flush()
            if self.first_title is None and info.name == "Title":
                self.first_title = " ".join("".join(s.text for s in spans).split())
            self.draft.add(heading(level, text))
            return
        text = render_spans(spans)
        if not text.strip():
            return  # empty paragraphs (spacing) neither show nor end a list
        numbered = self.numbering.of(para._p, info)
        if numbered is not None:
            self.items.append(ListItem(numbered[0], numbered[1], text))
            return
        self.flush()
        self.draft.add(paragraph(text))

    def spans(self, element: Any, para: Paragraph, href: str | None) -> Iterator[Span]:
        for child in element.iterchildren():
            tag = child.tag
            if tag == _W_R:
                yield from self.run(child, href)
            elif tag == _W_HYPERLINK:
                yield from self.spans(child, para, self.link_target(child, para) or href)
            elif tag == _W_FLDSIMPLE:
                match = _FIELD_URL.search(child.get(qn("w:instr")) or "")
                yield from self.spans(child, para, match.group(1) if match else href)
            elif tag == _W_SDT:
                content = child.find(_W_SDTCONTENT)
                if content is not None:
                    yield from self.spans(content, para, href)
            elif tag in _W_TRANSPARENT:
                yield from self.spans(child, para, href)

    @staticmethod
    def link_target(element: Any, para: Paragraph) -> str | None:
        rid = element.get(qn("r:id"))
        rel = para.part.rels.get(rid) if rid else None
        if rel is None or not rel.is_external:
            return None  # internal bookmarks mean nothing outside the document
        anchor = element.get(qn("w:anchor"))
        return f"{rel.target_ref}#{anchor}" if anchor else str(rel.target_ref)

    def run(self, r: Any, href: str | None) -> Iterator[Span]:
        rpr = r.find(qn("w:rPr"))
        bold = italic = False
        if rpr is not None:
            bold = _on(rpr, "w:b") or _val(rpr, "rStyle") == "Strong"
            italic = _on(rpr, "w:i") or _val(rpr, "rStyle") == "Emphasis"
        parts: list[str] = []
        for child in r.iterchildren():
            tag = child.tag
            if tag == _W_FLDCHAR:
                self.field_char(child.get(qn("w:fldCharType")))
            elif tag == _W_INSTR:
                if self.fields:
                    self.fields[-1].instr += child.text or ""
            elif not all(f.in_result for f in self.fields):
                continue  # inside a field's instructions: not shown text
            elif tag == _W_T:
                parts.append(child.text or "")
            elif tag == _W_TAB:
                parts.append("\t")
            elif tag in _W_BREAKS and child.get(_W_TYPE) in (None, "textWrapping"):
                parts.append("\n")
            elif tag == _W_NBHYPHEN:
                parts.append("-")
        if parts:
            yield Span("".join(parts), bold, italic, self.field_url() or href)

    def field_char(self, kind: str | None) -> None:
        if kind == "begin":
            self.fields.append(_Field())
        elif kind == "separate" and self.fields:
            self.fields[-1].in_result = True
        elif kind == "end" and self.fields:
            self.fields.pop()

    def field_url(self) -> str | None:
        for f in reversed(self.fields):
            if match := _FIELD_URL.search(f.instr):
                return match.group(1)
        return None

    def table(self, table: Table) -> str:
        rows: list[list[str]] = []
        rendered: dict[Any, str] = {}  # keyed by the w:tc element: a merged cell is read once
        for row in table.rows:
            cells = [""] * row.grid_cols_before
            for cell in row.cells:
                if cell._tc not in rendered:
                    rendered[cell._tc] = "\n".join(self.cell_lines(cell._tc, cell))
                cells.append(rendered[cell._tc])
            rows.append(cells)
        return render_table(rows) if any(any(c.strip() for c in r) for r in rows) else ""

    def cell_lines(self, element: Any, cell: _Cell) -> Iterator[str]:
        """The lines of a cell: its paragraphs, and nested tables row by row."""
        for child in element.iterchildren():
            if child.tag == _W_P:
                text = render_spans(self.spans(child, Paragraph(child, cell), None))
                if text.strip():
                    yield text
            elif child.tag == _W_TBL:
                for row in Table(child, cell).rows:
                    yield " / ".join(
                        " ".join(self.cell_lines(c._tc, c)) for c in dict.fromkeys(row.cells)
                    )
            elif child.tag == _W_SDT:
                content = child.find(_W_SDTCONTENT)
                if content is not None:
                    yield from self.cell_lines(content, cell)


def _on(rpr: Any, tag: str) -> bool:
    """A toggle property (``w:b``, ``w:i``) that is present and not switched off."""
    node = rpr.find(qn(tag))
    return node is not None and node.get(_W_VAL, "true").lower() not in ("0", "false", "off")


def convert_docx(data: bytes, draft: Draft) -> None:
    """Fill ``draft`` with the markdown of a .docx file."""
    require_ooxml(data, "docx", "word/", draft.max_unpacked)
    try:
        doc = docx.Document(io.BytesIO(data))
    except ValueError as exc:  # python-docx: "file is not a Word file, content type is …"
        raise OfficeError(f"not a DOCX file: {exc}") from exc
    draft.title = ooxml_title(doc)
    reader = _Reader(doc, draft, _Numbering(doc))
    try:
        reader.blocks(doc.element.body)
        reader.flush()
    finally:
        draft.title = draft.title or reader.first_title
