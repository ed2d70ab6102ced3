"""Documents under ``/documents/``: an image of printed text and a broken image (OCR tests).
Made at first request with Pillow; the text is ``IMAGE_TEXT``."""

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


routes = [
    Route("/documents/text.png", png),
    Route("/documents/broken.png", broken_png),
]
