"""OCR of PDF pages: a 'scanned' PDF (images of text, no text layer) made by the test."""

from __future__ import annotations

import io
import time

from PIL import Image, ImageDraw, ImageFont
from reportlab.lib.pagesizes import A4
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen import canvas

from webdata.documents.pdf_ocr import ocr_pages

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def scanned_pdf(pages: list[list[str]]) -> bytes:
    """A PDF whose pages are only pictures of the given lines."""
    out = io.BytesIO()
    pdf = canvas.Canvas(out, pagesize=A4)
    font = ImageFont.truetype(FONT, 40)
    for lines in pages:
        image = Image.new("L", (1654, 2339), 255)  # A4 at 200 dpi
        draw = ImageDraw.Draw(image)
        for i, line in enumerate(lines):
            draw.text((150, 200 + i * 90), line, font=font, fill=0)
        pdf.drawImage(ImageReader(image), 0, 0, width=A4[0], height=A4[1])
        pdf.showPage()
    pdf.save()
    return out.getvalue()


def test_pages_are_read_in_order() -> None:
    data = scanned_pdf(
        [["Quarterly report", "Revenue grew by nine percent."], ["Second page", "Costs fell."]]
    )
    pages = ocr_pages(data, [1, 2])
    assert [p.number for p in pages] == [1, 2]
    first, second = (p.text for p in pages)
    assert first is not None and "Revenue grew by nine percent." in first.text
    assert second is not None and "Costs fell." in second.text
    assert first.confidence is not None and first.confidence > 0.8
    assert round(pages[0].width) == round(A4[0])


def test_pages_past_the_deadline_are_not_read() -> None:
    data = scanned_pdf([["One"], ["Two"], ["Three"]])
    pages = ocr_pages(data, [1, 2, 3], deadline=time.monotonic() - 1)
    assert all(p.text is None for p in pages)
