"""PPTX -> markdown with python-pptx: a ``## Slide N: <title>`` section per slide.

Shapes are read top to bottom, left to right (the XML order is z-order, not reading order);
text frames become paragraphs or lists, tables GFM tables, speaker notes a ``### Notes`` part.
Pictures, charts and SmartArt carry no text here and are left out.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from typing import Any

import pptx
from pptx.enum.shapes import PP_PLACEHOLDER
from pptx.oxml.ns import qn
from pptx.shapes.base import BaseShape
from pptx.shapes.graphfrm import GraphicFrame
from pptx.shapes.group import GroupShape
from pptx.table import Table, _Cell
from pptx.text.text import TextFrame, _Paragraph

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

_A_R, _A_BR, _A_FLD, _A_T = qn("a:r"), qn("a:br"), qn("a:fld"), qn("a:t")
_A_RPR, _A_HLINK = qn("a:rPr"), qn("a:hlinkClick")
_TITLES = {PP_PLACEHOLDER.TITLE, PP_PLACEHOLDER.CENTER_TITLE, PP_PLACEHOLDER.VERTICAL_TITLE}
# Body placeholders show bullets unless a paragraph says otherwise (inherited from the master).
_BULLETED = {PP_PLACEHOLDER.BODY, PP_PLACEHOLDER.OBJECT, PP_PLACEHOLDER.VERTICAL_BODY}
# Slide furniture repeated on every slide, not content.
_FURNITURE = {
    PP_PLACEHOLDER.DATE,
    PP_PLACEHOLDER.FOOTER,
    PP_PLACEHOLDER.HEADER,
    PP_PLACEHOLDER.SLIDE_NUMBER,
}
_FAR = 10**12  # sorts shapes without a position last


def _placeholder_type(shape: BaseShape) -> Any:
    return shape.placeholder_format.type if shape.is_placeholder else None


def _spans(para: _Paragraph) -> Iterator[Span]:
    for child in para._p.iterchildren():
        if child.tag == _A_BR:
            yield Span("\n")
        elif child.tag in (_A_R, _A_FLD):
            text = "".join(t.text or "" for t in child.iterchildren(_A_T))
            rpr = child.find(_A_RPR)
            if rpr is None:
                yield Span(text)
                continue
            bold = rpr.get("b") in ("1", "true")
            italic = rpr.get("i") in ("1", "true")
            yield Span(text, bold, italic, _link(rpr, para))


def _link(rpr: Any, para: _Paragraph) -> str | None:
    click = rpr.find(_A_HLINK)
    rid = click.get(qn("r:id")) if click is not None else None
    if not rid or click.get("action"):  # an action is a jump to a slide, not a URL
        return None
    try:
        return str(para.part.target_ref(rid))
    except KeyError:
        return None


def _bullet(para: _Paragraph, bulleted: bool) -> tuple[bool, bool]:
    """(is a list item, is numbered) from the paragraph's own bullet setting, else the default."""
    ppr = para._p.pPr
    if ppr is not None:
        if ppr.find(qn("a:buNone")) is not None:
            return False, False
        if ppr.find(qn("a:buAutoNum")) is not None:
            return True, True
        if ppr.find(qn("a:buChar")) is not None or ppr.find(qn("a:buBlip")) is not None:
            return True, False
    return bulleted, False


def text_blocks(frame: TextFrame, bulleted: bool) -> Iterator[str]:
    """The paragraphs and lists of one text frame."""
    items: list[ListItem] = []
    for para in frame.paragraphs:
        text = render_spans(_spans(para))
        if not text.strip():
            continue
        is_item, ordered = _bullet(para, bulleted)
        if is_item:
            items.append(ListItem(para.level, ordered, text))
            continue
        if items:
            yield render_list(items)
            items = []
        yield paragraph(text)
    if items:
        yield render_list(items)


def _cell_text(cell: _Cell) -> str:
    if cell.is_spanned:  # the hidden part of a merge: left empty, the text is in its origin
        return ""
    return "\n".join(render_spans(_spans(p)) for p in cell.text_frame.paragraphs)


def table_block(table: Table) -> str:
    """A GFM table, the first row as header; empty for a table without text."""
    rows = [[_cell_text(cell) for cell in row.cells] for row in table.rows]
    return render_table(rows) if any(any(c.strip() for c in r) for r in rows) else ""


def _reading_order(shapes: Iterable[BaseShape]) -> list[BaseShape]:
    def key(shape: BaseShape) -> tuple[int, int]:
        top, left = shape.top, shape.left
        return (_FAR if top is None else int(top), _FAR if left is None else int(left))

    return sorted(shapes, key=key)


def shape_blocks(shapes: Iterable[BaseShape], skip: BaseShape | None) -> Iterator[str]:
    """Markdown blocks of the shapes, in reading order, groups flattened."""
    for shape in _reading_order(shapes):
        kind = _placeholder_type(shape)
        if (skip is not None and shape.shape_id == skip.shape_id) or kind in _FURNITURE:
            continue
        if isinstance(shape, GroupShape):
            yield from shape_blocks(shape.shapes, None)
        elif isinstance(shape, GraphicFrame) and shape.has_table:
            yield table_block(shape.table)
        elif shape.has_text_frame:
            yield from text_blocks(shape.text_frame, kind in _BULLETED)  # type: ignore[attr-defined]


def _title(shape: BaseShape | None) -> str:
    if shape is None or not shape.has_text_frame:
        return ""
    lines = [
        render_spans(Span(s.text, href=s.href) for s in _spans(p))
        for p in shape.text_frame.paragraphs  # type: ignore[attr-defined]
    ]
    return " ".join(" ".join(lines).split())


def convert_pptx(data: bytes, draft: Draft) -> None:
    """Fill ``draft`` with one section per slide of a .pptx file."""
    require_ooxml(data, "pptx", "ppt/", draft.max_unpacked)
    try:
        prs = pptx.Presentation(io.BytesIO(data))
    except ValueError as exc:  # python-pptx: "file … is not a PowerPoint file"
        raise OfficeError(f"not a PPTX file: {exc}") from exc
    draft.title = ooxml_title(prs)
    slides = list(prs.slides)
    draft.num_pages = len(slides)
    for number, slide in enumerate(slides, start=1):
        title_shape = next(
            (s for s in slide.placeholders if s.placeholder_format.type in _TITLES), None
        )
        title = _title(title_shape)
        draft.add(heading(2, f"Slide {number}: {title}" if title else f"Slide {number}"))
        for block in shape_blocks(slide.shapes, title_shape):
            draft.add(block)
        notes = slide.notes_slide.notes_text_frame if slide.has_notes_slide else None
        note_blocks = list(text_blocks(notes, False)) if notes is not None else []
        if note_blocks:
            draft.add("### Notes")
            for block in note_blocks:
                draft.add(block)
