"""PDFs generated with reportlab for the tests: known text at known places and sizes."""

from __future__ import annotations

import io
import zlib
from collections.abc import Callable

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.pagesizes import LETTER
from reportlab.lib.pdfencrypt import StandardEncryption
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.lib.utils import ImageReader, simpleSplit
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    ListFlowable,
    ListItem,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

WIDTH, HEIGHT = LETTER

BODY = ParagraphStyle("body", fontName="Helvetica", fontSize=11, leading=14, spaceAfter=8)
BOLD_LABEL = ParagraphStyle("label", parent=BODY, fontName="Helvetica-Bold")
TITLE = ParagraphStyle("title", fontName="Helvetica-Bold", fontSize=24, leading=30, spaceAfter=12)
H2 = ParagraphStyle("h2", fontName="Helvetica-Bold", fontSize=16, leading=20, spaceBefore=8)
H3 = ParagraphStyle("h3", fontName="Helvetica-Bold", fontSize=13, leading=17, spaceBefore=6)
LIST_BODY = ParagraphStyle("li", parent=BODY, spaceAfter=2, alignment=TA_LEFT)

INTRO = "This report covers the third quarter. Revenue grew in every region we serve."
# Long enough to wrap over several lines at 11 pt on a letter page.
REVENUE = (
    "Revenue reached a new high this quarter, driven by strong demand for the core product "
    "line and by the new subscription plans that launched in the spring. Every region "
    "contributed to the growth, and the northern region grew fastest of all, well ahead of "
    "the plan that the board approved at the start of the year."
)
BULLETS = ["Sales rose in the north", "Costs fell in the south", "Margins held steady"]
STEPS = ["Collect the figures", "Check the totals", "Publish the report"]
TABLE_ROWS = [
    ["Region", "Units", "Revenue"],
    ["North", "120", "4,500"],
    ["South", "80", "3,100"],
    ["West", "95", "3,900"],
]
CLOSING = "Next quarter we expect similar results across all regions."


def _doc(build: Callable[[SimpleDocTemplate], None]) -> bytes:
    buf = io.BytesIO()
    build(SimpleDocTemplate(buf, pagesize=LETTER, title="sample"))
    return buf.getvalue()


def article_pdf() -> bytes:
    """One page: title, sections at two smaller sizes, a bold label, lists and a table."""
    table = Table(TABLE_ROWS, colWidths=[1.6 * inch, 1.2 * inch, 1.2 * inch])
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 11),
                ("FONT", (0, 1), (-1, -1), "Helvetica", 11),
                ("GRID", (0, 0), (-1, -1), 0.5, colors.grey),
            ]
        )
    )
    story = [
        Paragraph("Quarterly Report", TITLE),
        Paragraph(INTRO, BODY),
        Paragraph("Revenue", H2),
        Paragraph(REVENUE, BODY),
        Paragraph("Details by region", H3),
        Paragraph("Key points", BOLD_LABEL),
        ListFlowable(
            [ListItem(Paragraph(t, LIST_BODY)) for t in BULLETS],
            bulletType="bullet",
            start="\u2022",
        ),
        Spacer(1, 8),
        Paragraph("The steps were:", BODY),
        ListFlowable(
            [ListItem(Paragraph(t, LIST_BODY)) for t in STEPS],
            bulletType="1",
            bulletFormat="%s.",
        ),
        Spacer(1, 12),
        table,
        Spacer(1, 12),
        Paragraph(CLOSING, BODY),
    ]
    return _doc(lambda doc: doc.build(story))


LEFT_TEXT = (
    "Alpha column starts here. The left column tells the first half of the story, and a "
    "reader must finish it before moving to the right column. It keeps going for several "
    "lines so that both columns share many baselines across the page. Alpha column ends here."
)
RIGHT_TEXT = (
    "Beta column starts here. The right column holds the second half of the story and is "
    "drawn line by line together with the left one, so the file interleaves the two columns. "
    "Beta column ends here."
)


def two_column_pdf() -> bytes:
    """A full-width title and intro, two columns drawn interleaved line by line, a footer."""
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=LETTER)
    c.setFont("Helvetica-Bold", 20)
    c.drawString(72, HEIGHT - 72, "Two Column Study")
    c.setFont("Helvetica", 10)
    c.drawString(72, HEIGHT - 100, "A full width introduction line sits above both of the columns.")
    col_width = (WIDTH - 144 - 24) / 2
    left = simpleSplit(LEFT_TEXT, "Helvetica", 10, col_width)
    right = simpleSplit(RIGHT_TEXT, "Helvetica", 10, col_width)
    y = HEIGHT - 130
    for i in range(max(len(left), len(right))):
        if i < len(left):
            c.drawString(72, y, left[i])
        if i < len(right):
            c.drawString(72 + col_width + 24, y, right[i])
        y -= 13
    c.drawString(72, y - 20, "A closing line runs across the full width after both columns end.")
    c.showPage()
    c.save()
    return buf.getvalue()


HEADER = "ACME Corp Annual Review"


def multipage_pdf(pages: int = 4) -> bytes:
    """Pages with a running header, a "Page N of M" footer, a heading and a paragraph each."""
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=LETTER)
    for n in range(1, pages + 1):
        c.setFont("Helvetica", 9)
        c.drawString(72, HEIGHT - 40, HEADER)
        c.drawRightString(WIDTH - 72, 36, f"Page {n} of {pages}")
        c.setFont("Helvetica-Bold", 18)
        c.drawString(72, HEIGHT - 100, f"Chapter {n}")
        c.setFont("Helvetica", 11)
        y = HEIGHT - 130
        text = f"This is the body of chapter {n}. " + "It has a few sentences of text. " * 6
        for line in simpleSplit(text, "Helvetica", 11, WIDTH - 144):
            c.drawString(72, y, line)
            y -= 14
        c.showPage()
    c.save()
    return buf.getvalue()


def _png(width: int = 40, height: int = 30) -> bytes:
    """A small grey PNG, built by hand so no imaging library is needed."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return len(data).to_bytes(4, "big") + body + zlib.crc32(body).to_bytes(4, "big")

    raw = b"".join(
        b"\x00" + bytes([(x * 5 + y * 3) % 256 for x in range(width)]) for y in range(height)
    )
    header = width.to_bytes(4, "big") + height.to_bytes(4, "big") + b"\x08\x00\x00\x00\x00"
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


def scanned_pdf(text_pages: tuple[int, ...] = ()) -> bytes:
    """Three pages of images only (a "scan"), except the 1-based ``text_pages`` with text."""
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=LETTER)
    image = ImageReader(io.BytesIO(_png()))
    for n in range(1, 4):
        if n in text_pages:
            c.setFont("Helvetica", 12)
            c.drawString(72, HEIGHT - 100, f"Page {n} has a real text layer with words on it.")
        else:
            c.drawImage(image, 72, 200, width=WIDTH - 144, height=HEIGHT - 300)
            c.rect(60, 60, WIDTH - 120, HEIGHT - 120)
        c.showPage()
    c.save()
    return buf.getvalue()


def blank_pdf() -> bytes:
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=LETTER)
    c.showPage()
    c.save()
    return buf.getvalue()


def encrypted_pdf(user_password: str = "secret") -> bytes:
    """Encrypted with reportlab's standard handler; an empty user password opens freely."""
    buf = io.BytesIO()
    encrypt = StandardEncryption(user_password, ownerPassword="owner-pw")
    c = Canvas(buf, pagesize=LETTER, encrypt=encrypt)
    c.setFont("Helvetica", 12)
    c.drawString(72, HEIGHT - 100, "Confidential numbers live on this page.")
    c.showPage()
    c.save()
    return buf.getvalue()


def rotated_pdf() -> bytes:
    """A page stored with /Rotate 90 whose text is drawn turned back, so it reads upright:
    two paragraphs at 72 pt from the displayed left edge, 100 and 160 pt from its top."""
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=LETTER)
    c.setPageRotation(90)  # reportlab also swaps the media box to landscape
    c.rotate(90)
    c.setFont("Helvetica", 12)
    c.drawString(72, -100, "First line of the rotated page.")
    c.drawString(72, -160, "Second paragraph of the rotated page.")
    c.showPage()
    c.save()
    return buf.getvalue()


def hyphenated_pdf() -> bytes:
    """A paragraph whose lines end in hyphens: a split word and a real compound."""
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=LETTER)
    c.setFont("Helvetica", 11)
    lines = ["The parser joins a hyphen-", "ated word and keeps a Well-", "Known compound intact."]
    for i, line in enumerate(lines):
        c.drawString(72, HEIGHT - 100 - 14 * i, line)
    c.showPage()
    c.save()
    return buf.getvalue()


def nested_list_pdf() -> bytes:
    """Bullets at two indents, a wrapped item, and text after the list."""
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=LETTER)
    c.setFont("Helvetica", 11)
    rows = [
        (72, "\u2022", "Fruit"),
        (90, "\u2022", "Apples"),
        (90, "\u2022", "Pears that are ripe and"),
        (None, "", "ready to eat"),
        (72, "\u2022", "Vegetables"),
    ]
    y = HEIGHT - 100
    for x, bullet, text in rows:
        if x is None:
            c.drawString(102, y, text)  # continuation, aligned with the item text
        else:
            c.drawString(x, y, bullet)
            c.drawString(x + 12, y, text)
        y -= 14
    c.drawString(72, y - 20, "After the list comes a plain paragraph.")
    c.showPage()
    c.save()
    return buf.getvalue()


def code_pdf() -> bytes:
    """A paragraph, an indented code listing in Courier with a blank line, a paragraph."""
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=LETTER)
    c.setFont("Helvetica", 11)
    c.drawString(72, HEIGHT - 100, "Define the function like this:")
    code = [(0, "def total(items):"), (4, "return sum(items)"), None, (0, "print(total([1, 2]))")]
    y = HEIGHT - 124
    c.setFont("Courier", 10)
    for entry in code:
        if entry is not None:
            indent, text = entry
            c.drawString(72 + indent * 6, y, text)  # Courier is 0.6 em wide
        y -= 12
    c.setFont("Helvetica", 11)
    c.drawString(72, y - 12, "It prints the sum of the list.")
    c.showPage()
    c.save()
    return buf.getvalue()
