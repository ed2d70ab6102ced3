"""Office formats -> markdown (src/webdata/documents/office*.py).

Every fixture is built here, at test time, with the libraries that write those formats
(python-docx, openpyxl, python-pptx, odfpy, zipfile for EPUB, csv), so each expected markdown
line traces back to something the test put in the file.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import random
import struct
import zipfile

import docx
import openpyxl
import pptx
import pytest
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.text.paragraph import Paragraph
from odf import dc
from odf import table as odftable
from odf import text as odftext
from odf.opendocument import OpenDocumentSpreadsheet, OpenDocumentText
from odf.style import Style, TextProperties
from pptx.util import Inches

from webdata.documents import office_base, office_csv, office_xlsx
from webdata.documents.office import (
    CONVERTERS,
    OfficeError,
    OfficeResult,
    convert_office,
    detect_office,
)
from webdata.documents.office_md import ListItem, Span, render_list, render_spans, render_table
from webdata.documents.office_rtf import drop_binary_groups

# --- fixture builders ---------------------------------------------------------------------


def _hyperlink(paragraph: Paragraph, url: str, text: str) -> None:
    """python-docx has no API for hyperlinks: write the w:hyperlink and its relationship."""
    rid = paragraph.part.relate_to(url, RT.HYPERLINK, is_external=True)
    link = OxmlElement("w:hyperlink")
    link.set(qn("r:id"), rid)
    run = OxmlElement("w:r")
    t = OxmlElement("w:t")
    t.text = text
    run.append(t)
    link.append(run)
    paragraph._p.append(link)


def _numbered(paragraph: Paragraph, num_id: int, ilvl: int) -> None:
    """Give a paragraph direct list numbering (numId/ilvl), the way Word writes nested lists."""
    ppr = paragraph._p.get_or_add_pPr()
    num_pr = OxmlElement("w:numPr")
    lvl = OxmlElement("w:ilvl")
    lvl.set(qn("w:val"), str(ilvl))
    num = OxmlElement("w:numId")
    num.set(qn("w:val"), str(num_id))
    num_pr.append(lvl)
    num_pr.append(num)
    ppr.append(num_pr)


def _add_multilevel_numbering(document: docx.document.Document) -> int:
    """A bullet (level 0) / decimal (level 1) numbering definition; returns its numId."""
    numbering = document.part.numbering_part.element
    abstract = OxmlElement("w:abstractNum")
    abstract.set(qn("w:abstractNumId"), "90")
    for ilvl, fmt in ((0, "bullet"), (1, "decimal")):
        lvl = OxmlElement("w:lvl")
        lvl.set(qn("w:ilvl"), str(ilvl))
        num_fmt = OxmlElement("w:numFmt")
        num_fmt.set(qn("w:val"), fmt)
        lvl.append(num_fmt)
        abstract.append(lvl)
    numbering.insert(0, abstract)
    num = OxmlElement("w:num")
    num.set(qn("w:numId"), "90")
    ref = OxmlElement("w:abstractNumId")
    ref.set(qn("w:val"), "90")
    num.append(ref)
    numbering.append(num)
    return 90


def make_docx() -> bytes:
    d = docx.Document()
    d.core_properties.title = "Quarterly Report"
    d.add_paragraph("Report Title", style="Title")
    d.add_heading("Introduction", level=1)
    p = d.add_paragraph("Plain, ")
    p.add_run("bold").bold = True
    p.add_run(" and ")
    p.add_run("italic").italic = True
    p.add_run(" text.")
    p = d.add_paragraph("See ")
    _hyperlink(p, "https://example.com/docs?a=1", "the docs")
    p.add_run(" for more.")
    d.add_heading("Details", level=2)
    d.add_paragraph("First bullet", style="List Bullet")
    d.add_paragraph("Nested bullet", style="List Bullet 2")
    d.add_paragraph("Second bullet", style="List Bullet")
    d.add_paragraph("Step one", style="List Number")
    d.add_paragraph("Step two", style="List Number")
    d.add_heading("Word lists", level=3)
    num_id = _add_multilevel_numbering(d)
    for text, ilvl in (("Top", 0), ("Inner one", 1), ("Inner two", 1), ("Back", 0)):
        _numbered(d.add_paragraph(text), num_id, ilvl)
    table = d.add_table(rows=3, cols=3)
    rows = [["Name", "Value", "Note"], ["alpha", "1", "a|b"], ["beta", "2", ""]]
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            table.cell(r, c).text = value
    table.cell(2, 1).merge(table.cell(2, 2))
    d.add_heading("Deep", level=6)
    d.add_paragraph("# not a heading and *not emphasis* [x]")
    buf = io.BytesIO()
    d.save(buf)
    return buf.getvalue()


DOCX_MARKDOWN = """\
# Report Title

# Introduction

Plain, **bold** and *italic* text.

See [the docs](https://example.com/docs?a=1) for more.

## Details

- First bullet
  - Nested bullet
- Second bullet

1. Step one
2. Step two

### Word lists

- Top
  1. Inner one
  2. Inner two
- Back

| Name | Value | Note |
| --- | --- | --- |
| alpha | 1 | a\\|b |
| beta | 2 | 2 |

###### Deep

\\# not a heading and \\*not emphasis\\* \\[x\\]"""


def make_xlsx() -> bytes:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Sales"
    wb.properties.title = "Sales Book"
    ws.append(["Region", None, "Date", "Amount", "Note"])  # column B stays empty
    ws.append(["North", None, dt.datetime(2024, 1, 15), 1234.5, "a|b"])
    ws.append([])  # an empty row, skipped
    ws.append(["South", None, dt.datetime(2024, 2, 1, 13, 30), 0.1 + 0.2, "*x*"])
    ws["D6"] = "=SUM(D2:D4)"  # never calculated: no cached value, so no row
    wb.create_sheet("Empty")
    flags = wb.create_sheet("Flags")
    flags.append(["Key", "On", "When"])
    flags.append(["k", True, dt.date(2023, 12, 31)])
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


XLSX_MARKDOWN = """\
## Sales

| Region | Date | Amount | Note |
| --- | --- | --- | --- |
| North | 2024-01-15 | 1234.5 | a\\|b |
| South | 2024-02-01T13:30:00 | 0.3 | \\*x\\* |

## Empty

## Flags

| Key | On | When |
| --- | --- | --- |
| k | TRUE | 2023-12-31 |"""


def make_pptx() -> bytes:
    prs = pptx.Presentation()
    prs.core_properties.title = "Deck"
    slide = prs.slides.add_slide(prs.slide_layouts[0])  # title slide
    slide.shapes.title.text = "Welcome"
    slide.placeholders[1].text = "Subtitle text"
    slide = prs.slides.add_slide(prs.slide_layouts[1])  # title and content
    slide.shapes.title.text = "Agenda"
    frame = slide.placeholders[1].text_frame
    frame.text = "Point one"
    para = frame.add_paragraph()
    para.text = "Sub point"
    para.level = 1
    para = frame.add_paragraph()
    para.add_run().text = "Point two, see "
    link = para.add_run()
    link.text = "the site"
    link.hyperlink.address = "https://example.org/"
    link.font.bold = True
    slide.notes_slide.notes_text_frame.text = "Remember to smile"
    slide = prs.slides.add_slide(prs.slide_layouts[5])  # title only
    slide.shapes.title.text = "Numbers"
    shape = slide.shapes.add_table(3, 2, Inches(1), Inches(2), Inches(4), Inches(2))
    for r, row in enumerate([["Year", "Total"], ["2023", "10"], ["2024", "12|5"]]):
        for c, value in enumerate(row):
            shape.table.cell(r, c).text = value
    # Added first but placed lower: reading order puts it after the table.
    below = slide.shapes.add_textbox(Inches(1), Inches(5), Inches(3), Inches(1))
    below.text_frame.text = "Source: ledger"
    slide = prs.slides.add_slide(prs.slide_layouts[6])  # blank: no title
    box = slide.shapes.add_textbox(Inches(1), Inches(1), Inches(3), Inches(1))
    box.text_frame.text = "Loose text"
    buf = io.BytesIO()
    prs.save(buf)
    return buf.getvalue()


PPTX_MARKDOWN = """\
## Slide 1: Welcome

Subtitle text

## Slide 2: Agenda

- Point one
  - Sub point
- Point two, see [**the site**](https://example.org/)

### Notes

Remember to smile

## Slide 3: Numbers

| Year | Total |
| --- | --- |
| 2023 | 10 |
| 2024 | 12\\|5 |

Source: ledger

## Slide 4

Loose text"""


def make_odt() -> bytes:
    doc = OpenDocumentText()
    doc.meta.addElement(dc.Title(text="ODT Title"))
    bold = Style(name="B", family="text")
    bold.addElement(TextProperties(fontweight="bold"))
    doc.automaticstyles.addElement(bold)
    bullets = odftext.ListStyle(name="Bul")
    bullets.addElement(odftext.ListLevelStyleBullet(level=1, bulletchar="*"))
    bullets.addElement(odftext.ListLevelStyleBullet(level=2, bulletchar="-"))
    doc.automaticstyles.addElement(bullets)
    numbers = odftext.ListStyle(name="Num")
    numbers.addElement(odftext.ListLevelStyleNumber(level=1, numformat="1"))
    doc.automaticstyles.addElement(numbers)
    doc.text.addElement(odftext.H(outlinelevel=1, text="Chapter One"))
    p = odftext.P(text="Some ")
    p.addElement(odftext.Span(stylename=bold, text="bold"))
    p.addText(" text and a ")
    p.addElement(odftext.A(href="https://example.net/x", text="link"))
    p.addText(".")
    doc.text.addElement(p)
    doc.text.addElement(odftext.H(outlinelevel=2, text="Lists"))
    fruits = odftext.List(stylename=bullets)
    for label, children in (("Apple", ["Green", "Red"]), ("Banana", [])):
        item = odftext.ListItem()
        item.addElement(odftext.P(text=label))
        if children:
            sub = odftext.List()
            for child in children:
                sub_item = odftext.ListItem()
                sub_item.addElement(odftext.P(text=child))
                sub.addElement(sub_item)
            item.addElement(sub)
        fruits.addElement(item)
    doc.text.addElement(fruits)
    steps = odftext.List(stylename=numbers)
    for label in ("First", "Second"):
        item = odftext.ListItem()
        item.addElement(odftext.P(text=label))
        steps.addElement(item)
    doc.text.addElement(steps)
    table = odftable.Table(name="T1")
    table.addElement(odftable.TableColumn(numbercolumnsrepeated=2))
    for row in (["Col A", "Col B"], ["1", "x|y"]):
        tr = odftable.TableRow()
        for value in row:
            cell = odftable.TableCell()
            cell.addElement(odftext.P(text=value))
            tr.addElement(cell)
        table.addElement(tr)
    doc.text.addElement(table)
    buf = io.BytesIO()
    doc.write(buf)
    return buf.getvalue()


ODT_MARKDOWN = """\
# Chapter One

Some **bold** text and a [link](https://example.net/x).

## Lists

- Apple
  - Green
  - Red
- Banana

1. First
2. Second

| Col A | Col B |
| --- | --- |
| 1 | x\\|y |"""

_CONTAINER = (
    '<?xml version="1.0"?><container version="1.0" '
    'xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>'
    '<rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>'
    "</rootfiles></container>"
)
# The manifest lists chapter 2 first; the spine (reading order) says chapter 1 comes first.
_OPF = (
    '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0">'
    '<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>My Book</dc:title>'
    "</metadata><manifest>"
    '<item id="c2" href="text/ch2.xhtml" media-type="application/xhtml+xml"/>'
    '<item id="c1" href="text/ch1.xhtml" media-type="application/xhtml+xml"/>'
    '<item id="css" href="style.css" media-type="text/css"/>'
    '</manifest><spine><itemref idref="c1"/><itemref idref="c2"/></spine></package>'
)
_CH1 = (
    '<?xml version="1.0" encoding="utf-8"?><!DOCTYPE html>'
    '<html xmlns="http://www.w3.org/1999/xhtml"><head><title>C1</title><style>p{}</style>'
    "</head><body><h1>Chapter 1</h1><p>Hello <em>world</em>.</p>"
    '<img src="../img/a.png" alt="pic"/><ul><li>one</li><li>two</li></ul>'
    '<p><a href="https://example.com/more">More</a></p></body></html>'
)
_CH2 = (
    '<html xmlns="http://www.w3.org/1999/xhtml"><body><h2>Chapter 2</h2>'
    "<table><tr><th>K</th><th>V</th></tr><tr><td>a</td><td>1</td></tr></table></body></html>"
)


def make_epub(extra: dict[str, str] | None = None) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip")  # first, stored
        z.writestr("META-INF/container.xml", _CONTAINER)
        z.writestr("OEBPS/content.opf", _OPF)
        z.writestr("OEBPS/text/ch1.xhtml", _CH1)
        z.writestr("OEBPS/text/ch2.xhtml", _CH2)
        z.writestr("OEBPS/style.css", "p{}")
        for name, value in (extra or {}).items():
            z.writestr(name, value)
    return buf.getvalue()


EPUB_MARKDOWN = """\
# Chapter 1

Hello *world*.

- one
- two

[More](https://example.com/more)

## Chapter 2

| K | V |
| --- | --- |
| a | 1 |"""

RTF = (
    rb"{\rtf1\ansi\ansicpg1252\deff0{\fonttbl{\f0\fswiss Helvetica;}}"
    rb"{\info{\title My RTF Doc}{\author Me}}"
    rb"\f0\pard First paragraph with caf\'e9.\par"
    rb"\pard Second *para* line.\par"
    rb"\pard # Not a heading\par}"
)
RTF_MARKDOWN = "First paragraph with café.\n\nSecond \\*para\\* line.\n\n\\# Not a heading"


def make_csv(delimiter: str = ";", encoding: str = "cp1252") -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter)
    writer.writerow(["Name", "City", "Note"])
    writer.writerow(["Müller", "Köln", "a|b"])
    writer.writerow(["", "", ""])
    writer.writerow(["Zoë", "Genève", f"x{delimiter} y"])
    return out.getvalue().encode(encoding)


CSV_MARKDOWN = """\
| Name | City | Note |
| --- | --- | --- |
| Müller | Köln | a\\|b |
| Zoë | Genève | x{d} y |"""


# --- conversion: the exact markdown ------------------------------------------------------


def test_docx_markdown() -> None:
    result = convert_office(make_docx(), "docx")
    assert result.markdown == DOCX_MARKDOWN
    assert (result.kind, result.title, result.num_pages, result.warnings) == (
        "docx",
        "Quarterly Report",
        None,
        [],
    )


def test_docx_title_falls_back_to_title_paragraph() -> None:
    d = docx.Document()
    d.add_paragraph("The Real Title", style="Title")
    d.add_paragraph("body")
    buf = io.BytesIO()
    d.save(buf)
    result = convert_office(buf.getvalue(), "docx")
    assert result.title == "The Real Title"
    assert result.markdown == "# The Real Title\n\nbody"


def test_docx_heading_levels_and_tracked_insertions() -> None:
    d = docx.Document()
    for level in range(1, 10):
        d.add_heading(f"H{level}", level=level)
    p = d.add_paragraph("kept ")
    ins = OxmlElement("w:ins")  # a tracked insertion: python-docx's own .text skips it
    run = OxmlElement("w:r")
    t = OxmlElement("w:t")
    t.text = "inserted"
    run.append(t)
    ins.append(run)
    p._p.append(ins)
    buf = io.BytesIO()
    d.save(buf)
    lines = convert_office(buf.getvalue(), "docx").markdown.split("\n\n")
    assert lines[:6] == ["# H1", "## H2", "### H3", "#### H4", "##### H5", "###### H6"]
    assert lines[6:9] == ["###### H7", "###### H8", "###### H9"]
    assert lines[9] == "kept inserted"


def test_xlsx_markdown() -> None:
    result = convert_office(make_xlsx(), "xlsx")
    assert result.markdown == XLSX_MARKDOWN
    assert "SUM" not in result.markdown  # values, never formulas
    assert (result.title, result.num_pages, result.warnings) == ("Sales Book", 3, [])


def test_xlsx_huge_sheet_is_capped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(office_xlsx, "MAX_TABLE_ROWS", 5)
    monkeypatch.setattr(office_xlsx, "MAX_TABLE_COLS", 3)
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Big"
    for i in range(20):
        ws.append([f"r{i}", i, i * 2, "wide"])
    buf = io.BytesIO()
    wb.save(buf)
    result = convert_office(buf.getvalue(), "xlsx")
    rows = [line for line in result.markdown.split("\n") if line.startswith("| r")]
    assert rows == [f"| r{i} | {i} | {2 * i} |" for i in range(5)]  # r0 is the header
    assert "wide" not in result.markdown
    assert result.warnings == [
        "sheet 'Big' truncated to its first 5 non-empty rows",
        "sheet 'Big' truncated to its first 3 columns",
    ]


def test_pptx_markdown() -> None:
    result = convert_office(make_pptx(), "pptx")
    assert result.markdown == PPTX_MARKDOWN
    assert (result.title, result.num_pages, result.warnings) == ("Deck", 4, [])


def test_odt_markdown() -> None:
    result = convert_office(make_odt(), "odt")
    assert result.markdown == ODT_MARKDOWN
    assert (result.title, result.num_pages) == ("ODT Title", None)


def test_epub_markdown_in_spine_order() -> None:
    result = convert_office(make_epub(), "epub")
    assert result.markdown == EPUB_MARKDOWN
    assert "pic" not in result.markdown and "a.png" not in result.markdown
    assert (result.title, result.num_pages, result.warnings) == ("My Book", None, [])


def test_rtf_markdown() -> None:
    result = convert_office(RTF, "rtf")
    assert result.markdown == RTF_MARKDOWN
    assert result.title == "My RTF Doc"


def test_rtf_picture_data_is_cut_before_parsing() -> None:
    picture = b"{\\*\\shppict{\\pict\\pngblip " + random.Random(5).randbytes(500_000).hex().encode()
    data = (
        rb"{\rtf1\ansi{\*\themedata 0102}\pard Before.\par "
        + picture
        + rb"}}\pard After \{braces\} \\ it.\par}"
    )
    assert len(drop_binary_groups(data.decode("latin-1"))) < 100
    assert convert_office(data, "rtf").markdown == "Before.\n\nAfter {braces} \\ it."


@pytest.mark.parametrize(
    ("delimiter", "encoding"), [(";", "cp1252"), (",", "utf-8"), ("\t", "utf-8-sig")]
)
def test_csv_markdown(delimiter: str, encoding: str) -> None:
    result = convert_office(make_csv(delimiter, encoding), "csv")
    assert result.markdown == CSV_MARKDOWN.format(d=delimiter)
    assert (result.title, result.num_pages) == (None, None)


def test_csv_is_capped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(office_csv, "MAX_TABLE_ROWS", 3)
    data = "\n".join(f"{i},{i + 1}" for i in range(10)).encode()
    result = convert_office(data, "csv")
    assert result.markdown == "| 0 | 1 |\n| --- | --- |\n| 1 | 2 |\n| 2 | 3 |"
    assert result.warnings == ["CSV truncated to its first 3 rows"]


def test_every_kind_is_registered() -> None:
    assert set(CONVERTERS) == {"docx", "xlsx", "pptx", "odt", "rtf", "epub", "csv"}


# --- markdown helpers -----------------------------------------------------------------------


def test_render_list_nests_under_each_marker_width() -> None:
    items = [
        ListItem(0, True, "one"),
        ListItem(1, False, "under one"),
        ListItem(3, False, "jumps two levels: clamped"),
        ListItem(0, True, "two\nsecond line"),
        ListItem(0, False, "bullets now"),
    ]
    assert render_list(items) == (
        "1. one\n   - under one\n     - jumps two levels: clamped\n2. two  \n   second line"
        "\n\n- bullets now"
    )


def test_inline_rendering_and_escaping() -> None:
    spans = [
        Span("a_b _c_ "),
        Span(" bold ", bold=True),
        Span("both", bold=True, italic=True),
        Span(" <tag> & 1 < 2 "),
        Span("site", href="https://x.test/a b(c)"),
        Span(" js", href="javascript:alert(1)"),
    ]
    assert render_spans(spans) == (
        "a_b \\_c\\_  **bold** ***both*** \\<tag> & 1 < 2 [site](https://x.test/a%20b%28c%29) js"
    )


def test_render_table_pads_rows_and_keeps_cells_on_one_line() -> None:
    assert render_table([["h1", "h2"], ["one\ntwo"], ["a|b", ""]]) == (
        "| h1 | h2 |\n| --- | --- |\n| one<br>two |  |\n| a\\|b |  |"
    )


# --- detection ------------------------------------------------------------------------------

_FIXTURES = {
    "docx": make_docx,
    "xlsx": make_xlsx,
    "pptx": make_pptx,
    "odt": make_odt,
    "epub": make_epub,
    "rtf": lambda: RTF,
}


@pytest.mark.parametrize("kind", sorted(_FIXTURES))
def test_detect_by_bytes_even_with_a_wrong_label(kind: str) -> None:
    data = _FIXTURES[kind]()
    assert detect_office(data) == kind
    assert detect_office(data, "application/pdf", "report.pdf") == kind
    assert detect_office(data, "text/html; charset=utf-8", "index.html") == kind


@pytest.mark.parametrize(
    ("content_type", "filename", "kind"),
    [
        ("text/csv; charset=utf-8", None, "csv"),
        (None, "https://example.com/data/export.CSV?x=1#top", "csv"),
        ("application/octet-stream", "report.docx", "docx"),
        ("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", None, "xlsx"),
        ("application/vnd.oasis.opendocument.text", None, "odt"),
        ("application/epub+zip", None, "epub"),
        ("text/rtf", None, "rtf"),
        ("text/plain", "notes.txt", None),
        (None, None, None),
    ],
)
def test_detect_by_labels_when_bytes_say_nothing(
    content_type: str | None, filename: str | None, kind: str | None
) -> None:
    assert detect_office(b"a,b,c\n1,2,3\n", content_type, filename) == kind


def test_csv_is_never_sniffed_from_bytes() -> None:
    assert detect_office(make_csv()) is None
    assert detect_office(make_csv(), "text/csv") == "csv"


def test_detect_refuses_other_formats_whatever_the_label() -> None:
    docx_type = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    assert detect_office(b"%PDF-1.7\n...", docx_type, "a.docx") is None
    ods = io.BytesIO()
    OpenDocumentSpreadsheet().write(ods)
    assert detect_office(ods.getvalue(), "application/vnd.oasis.opendocument.text") is None
    assert detect_office(random.Random(1).randbytes(2048)) is None


def test_detect_truncated_files() -> None:
    odt = make_odt()
    # ODF puts an uncompressed "mimetype" entry first: it survives truncation.
    assert detect_office(odt[:200]) == "odt"
    assert detect_office(make_epub()[:100]) == "epub"
    # A truncated OOXML zip has no central directory: the labels decide.
    half = make_docx()[:3000]
    assert detect_office(half) is None
    assert detect_office(half, None, "x.docx") == "docx"


# --- errors ---------------------------------------------------------------------------------


def _ole(*streams: str) -> bytes:
    """A minimal stand-in for an OLE2 compound file: the magic, then directory-entry names."""
    body = b"".join(name.encode("utf-16-le") + b"\0\0" for name in streams)
    return office_base.OLE_MAGIC + b"\0" * 504 + body + b"\0" * 512


@pytest.mark.parametrize("kind", ["docx", "xlsx", "pptx"])
def test_encrypted_ooxml_is_refused(kind: str) -> None:
    data = _ole("Root Entry", "EncryptionInfo", "EncryptedPackage")
    assert detect_office(data, None, f"secret.{kind}") == kind
    with pytest.raises(OfficeError, match="encrypted"):
        convert_office(data, kind)


def test_legacy_binary_office_is_refused() -> None:
    data = _ole("Root Entry", "WordDocument")
    assert detect_office(data, "application/msword", "old.doc") is None
    with pytest.raises(OfficeError, match="legacy binary"):
        convert_office(data, "docx")


def test_encrypted_odt_is_refused() -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.text")
        z.writestr("content.xml", random.Random(2).randbytes(300))
        z.writestr(
            "META-INF/manifest.xml",
            '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:'
            'manifest:1.0"><manifest:file-entry manifest:full-path="content.xml">'
            "<manifest:encryption-data/></manifest:file-entry></manifest:manifest>",
        )
    with pytest.raises(OfficeError, match="encrypted"):
        convert_office(buf.getvalue(), "odt")


def test_drm_epub_is_refused() -> None:
    encryption = (
        '<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" '
        'xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData>'
        '<enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/>'
        '<enc:CipherData><enc:CipherReference URI="OEBPS/text/ch1.xhtml"/></enc:CipherData>'
        "</enc:EncryptedData></encryption>"
    )
    data = make_epub({"META-INF/encryption.xml": encryption})
    with pytest.raises(OfficeError, match="DRM"):
        convert_office(data, "epub")


@pytest.mark.parametrize("kind", ["docx", "xlsx", "pptx", "odt", "epub"])
def test_corrupt_zip_is_refused(kind: str) -> None:
    data = b"PK\x03\x04" + random.Random(3).randbytes(4000)
    with pytest.raises(OfficeError, match="corrupt or truncated zip"):
        convert_office(data, kind)


@pytest.mark.parametrize("kind", sorted(_FIXTURES))
def test_truncated_file_is_refused(kind: str) -> None:
    data = _FIXTURES[kind]()
    if kind == "rtf":
        # A cut RTF file is still RTF text: what is there converts, without a crash.
        cut = data[: data.index(b"Second") + 8]
        assert convert_office(cut, kind).markdown == "First paragraph with café.\n\nSecond \\*"
        return
    cut = data[: len(data) // 2]
    with pytest.raises(OfficeError):
        convert_office(cut, kind)


@pytest.mark.parametrize("kind", sorted(CONVERTERS))
def test_random_bytes_are_refused(kind: str) -> None:
    with pytest.raises(OfficeError):
        convert_office(random.Random(4).randbytes(4096), kind)


@pytest.mark.parametrize(
    ("data", "kind", "message"),
    [
        (make_xlsx(), "docx", "not a DOCX"),
        (make_docx(), "xlsx", "not an XLSX"),
        (make_docx(), "pptx", "not a PPTX"),
        (make_epub(), "odt", "not an ODT"),
        (make_odt(), "epub", "not an EPUB"),
        (make_docx(), "rtf", "not an RTF"),
    ],
)
def test_wrong_kind_is_refused(data: bytes, kind: str, message: str) -> None:
    with pytest.raises(OfficeError, match=message):
        convert_office(data, kind)


def test_unsupported_kind() -> None:
    with pytest.raises(OfficeError, match="unsupported"):
        convert_office(b"%PDF-1.7", "pdf")


def _zeros_zip(size: int) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        with z.open("word/document.xml", "w", force_zip64=True) as member:
            chunk = b"\0" * (1 << 20)
            for _ in range(size >> 20):
                member.write(chunk)
    return buf.getvalue()


def test_zip_bomb_is_refused_before_inflating() -> None:
    data = _zeros_zip(office_base.MAX_UNPACKED_BYTES + (8 << 20))
    assert len(data) < 1_000_000  # hundreds of MB of zeros in a small file
    with pytest.raises(OfficeError, match="zip bomb"):
        convert_office(data, "docx")
    with pytest.raises(OfficeError, match="zip bomb"):
        convert_office(_zeros_zip(4 << 20), "docx", max_unpacked_bytes=1 << 20)


def test_zip_that_understates_its_sizes_cannot_inflate_past_them() -> None:
    data = bytearray(_zeros_zip(4 << 20))
    # Rewrite the central directory's uncompressed size of the 4 MiB member to 1 KiB.
    cd = data.rfind(b"PK\x01\x02")
    assert data[cd + 46 : cd + 46 + 17] == b"word/document.xml"
    struct.pack_into("<I", data, cd + 24, 1024)
    archive = office_base.open_zip(bytes(data), "docx", 1 << 20)  # the declared sizes pass
    assert archive.getinfo("word/document.xml").file_size == 1024
    # ... but reading stops at the declared size, and the checksum then fails.
    with pytest.raises(OfficeError, match=r"word/document\.xml cannot be read"):
        office_base.read_member(archive, "word/document.xml", "docx")
    with pytest.raises(OfficeError):
        convert_office(bytes(data), "docx", max_unpacked_bytes=1 << 20)


def test_huge_output_is_cut_with_a_warning() -> None:
    result = convert_office(make_docx(), "docx", max_bytes_out=120)
    assert len(result.markdown.encode()) <= 120
    assert result.markdown.startswith("# Report Title\n\n# Introduction")
    assert result.warnings == ["output truncated at 120 bytes"]
    assert result.title == "Quarterly Report"


def test_one_huge_paragraph_is_cut_not_dropped() -> None:
    data = b"{\\rtf1 " + b"word " * 10_000 + b"}"
    result = convert_office(data, "rtf", max_bytes_out=1000)
    assert 900 < len(result.markdown) <= 1000
    assert result.markdown.startswith("word word")
    assert result.warnings == ["output truncated at 1000 bytes"]


def test_result_is_a_frozen_dataclass() -> None:
    result = convert_office(RTF, "rtf")
    assert isinstance(result, OfficeResult)
    with pytest.raises(AttributeError):
        result.markdown = "x"  # type: ignore[misc]
