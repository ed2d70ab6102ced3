"""Documents under ``/documents/``, made at first request: an image of printed text and a
broken image (OCR), PDFs (an article, a multi-page report, a scan, an encrypted one, one
served as octet-stream) and a DOCX."""

from __future__ import annotations

import io
from functools import cache

from PIL import Image, ImageDraw, ImageFont
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

IMAGE_TEXT = ["Scanned invoice number 4471", "Total due: 129 euros"]
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


@cache
def text_png() -> bytes:
    font = ImageFont.truetype(FONT, 34)
    image = Image.new("L", (1200, 260), 255)
    draw = ImageDraw.Draw(image)
    for i, line in enumerate(IMAGE_TEXT):
        draw.text((40, 50 + i * 80), line, font=font, fill=0)
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


async def png(_: Request) -> Response:
    return Response(text_png(), media_type="image/png")


async def broken_png(_: Request) -> Response:
    return Response(text_png()[:200], media_type="image/png")


SCAN_LINES = ["Minutes of the garden committee", "The compost bins are full again."]


@cache
def scan_pdf() -> bytes:
    """Page 1 has a text layer; page 2 is only a picture of ``SCAN_LINES``."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    pdf = canvas.Canvas(out, pagesize=A4)
    pdf.setFont("Helvetica", 12)
    pdf.drawString(72, 760, "This first page has a real text layer.")
    pdf.showPage()
    font = ImageFont.truetype(FONT, 40)
    image = Image.new("L", (1654, 2339), 255)
    draw = ImageDraw.Draw(image)
    for i, line in enumerate(SCAN_LINES):
        draw.text((150, 200 + i * 90), line, font=font, fill=0)
    pdf.drawImage(ImageReader(image), 0, 0, width=A4[0], height=A4[1])
    pdf.showPage()
    pdf.save()
    return out.getvalue()


@cache
def report_docx() -> bytes:
    import docx

    document = docx.Document()
    document.core_properties.title = "Garden report"
    document.add_heading("Garden report", level=1)
    document.add_paragraph("The beans did well this year.")
    document.add_paragraph("Water daily", style="List Bullet")
    table = document.add_table(rows=2, cols=2)
    for r, row in enumerate([("Crop", "Kilos"), ("Beans", "12")]):
        for c, value in enumerate(row):
            table.cell(r, c).text = value
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def _samples() -> dict[str, tuple[bytes, str]]:
    from tests.documents import pdf_samples

    return {
        "article.pdf": (pdf_samples.article_pdf(), "application/pdf"),
        "report.pdf": (pdf_samples.multipage_pdf(4), "application/pdf"),
        "locked.pdf": (pdf_samples.encrypted_pdf(), "application/pdf"),
        "download": (pdf_samples.article_pdf(), "application/octet-stream"),
        "scan.pdf": (scan_pdf(), "application/pdf"),
        "report.docx": (
            report_docx(),
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        ),
    }


async def document(request: Request) -> Response:
    body, mime = _samples()[request.path_params["name"]]
    return Response(body, media_type=mime)


routes = [
    Route("/documents/text.png", png),
    Route("/documents/broken.png", broken_png),
    Route("/documents/files/{name}", document),
]
