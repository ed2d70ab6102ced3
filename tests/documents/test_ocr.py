"""OCR on images drawn by the test (real Tesseract, Debian's trained data)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image, ImageDraw, ImageFont

from webdata.documents.ocr import OcrUnavailable, find_tessdata, ocr_image

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def drawn(lines: list[str], size: int = 32) -> Image.Image:
    font = ImageFont.truetype(FONT, size)
    image = Image.new("L", (1400, 80 + len(lines) * size * 2), 255)
    draw = ImageDraw.Draw(image)
    for i, line in enumerate(lines):
        draw.text((40, 40 + i * size * 2), line, font=font, fill=0)
    return image


def test_reads_drawn_text() -> None:
    assert find_tessdata() is not None, "tesseract-ocr-eng is installed by make test"
    result = ocr_image(drawn(["Tomatoes want sun and steady water.", "Harvest in August."]))
    assert "Tomatoes want sun and steady water." in result.text
    assert "Harvest in August." in result.text
    assert result.confidence is not None and result.confidence > 0.8


def test_a_blank_page_has_no_text() -> None:
    result = ocr_image(Image.new("L", (600, 400), 255))
    assert result.text == "" and result.confidence is None


def test_threads_recognise_in_parallel_with_their_own_engines() -> None:
    texts = [f"Page number {n} of the scanned report" for n in range(6)]
    with ThreadPoolExecutor(3) as pool:
        results = list(pool.map(lambda t: ocr_image(drawn([t])).text, texts))
    assert results == texts


def test_an_unknown_language_is_a_clear_error() -> None:
    with pytest.raises(OcrUnavailable, match="klingon"):
        ocr_image(drawn(["hello"]), lang="klingon")
