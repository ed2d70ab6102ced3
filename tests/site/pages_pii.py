"""Pages full of personal data for ``redactPII``: ``/pii/contact`` (an HTML contact page) and
``/pii/statement.pdf`` (two PDF pages). ``PII`` lists the values none of them may leak."""

from __future__ import annotations

import io
from functools import cache

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

EMAIL = "priya.patel@northwind-legal.com"
PHONE = "+44 20 7946 0958"
CARD = "4111 1111 1111 1111"
IBAN = "GB82 WEST 1234 5698 7654 32"
TOKEN = "Zx81kQ0pL2mN7vB4"
NAME = "Priya Patel"
ADDRESS = "221B Baker Street, London NW1 6XE"
# A 1x1 PNG: an inline image whose Base64 must survive redaction untouched.
PIXEL = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5E"
    "rkJggg=="
)

PII = (EMAIL, PHONE, CARD, IBAN, TOKEN, NAME, "Baker Street")

CONTACT = f"""<!doctype html>
<html lang="en"><head><title>Contact our legal team</title></head>
<body>
<nav><a href="/">Home</a></nav>
<main>
<article>
<h1>Contact our legal team</h1>
<p>Our senior counsel, Dr. {NAME}, answers questions about contracts and disputes.
Write to <a href="mailto:{EMAIL}">{EMAIL}</a> or call
<a href="tel:{PHONE.replace(" ", "")}">{PHONE}</a> during office hours.</p>
<p>Fees can be paid by card ({CARD}) or by transfer to IBAN {IBAN}.</p>
<p>Download the <a href="https://files.northwind-legal.com/retainer.pdf?token={TOKEN}"
title="retainer">retainer agreement</a> before your first meeting.</p>
<p>Name: {NAME}<br>Address: {ADDRESS}</p>
<p><img src="data:image/png;base64,{PIXEL}" alt="seal"> The firm's seal.</p>
<p>Our office at example.com is open Monday to Friday, 9 to 5, since 1998.</p>
</article>
</main>
</body></html>
"""

PDF_PAGES = [
    f"Statement for {NAME}. Contact: {EMAIL}. Phone: {PHONE}.",
    f"Payments were made with card {CARD} and to IBAN {IBAN}.",
]


async def contact(_: Request) -> Response:
    return HTMLResponse(CONTACT)


@cache
def statement_pdf() -> bytes:
    from reportlab.lib.pagesizes import LETTER
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate

    body = getSampleStyleSheet()["BodyText"]
    story = [Paragraph(PDF_PAGES[0], body), PageBreak(), Paragraph(PDF_PAGES[1], body)]
    buf = io.BytesIO()
    SimpleDocTemplate(buf, pagesize=LETTER, title="statement").build(story)
    return buf.getvalue()


async def statement(_: Request) -> Response:
    return Response(statement_pdf(), media_type="application/pdf")


routes = [Route("/pii/contact", contact), Route("/pii/statement.pdf", statement)]
