"""OCR of PDF pages: each page rendered by pdfium, then read by Tesseract (``documents.ocr``).

Pages run in parallel on threads (rendering and recognition both release the GIL); 150 dpi
reads ordinary print well and takes about two thirds of the time of 200 dpi.
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import pypdfium2 as pdfium  # type: ignore[import-untyped]

from webdata.documents.ocr import OcrText, ocr_image
from webdata.documents.pdf_extract import PDFIUM_LOCK

DPI = 150


@dataclass(frozen=True, slots=True)
class OcrPage:
    number: int  # 1-based
    text: OcrText | None  # None: not read (the time budget ran out)
    width: float  # points
    height: float


def ocr_pages(
    data: bytes,
    numbers: list[int],
    *,
    dpi: int = DPI,
    lang: str = "eng",
    workers: int | None = None,
    deadline: float | None = None,
) -> list[OcrPage]:
    """OCR the 1-based pages ``numbers`` of the PDF ``data``, in order. Pages not started
    before ``deadline`` (``time.monotonic()``) come back with ``text`` None."""
    workers = workers or min(len(numbers), os.cpu_count() or 1) or 1
    with PDFIUM_LOCK:  # pdfium is not thread-safe: every call holds the one lock
        pdf = pdfium.PdfDocument(data)
    try:

        def one(number: int) -> OcrPage:
            with PDFIUM_LOCK:
                page = pdf[number - 1]
                width, height = page.get_size()
                if deadline is not None and time.monotonic() > deadline:
                    page.close()
                    return OcrPage(number, None, width, height)
                bitmap = page.render(scale=dpi / 72, grayscale=True)
                image = bitmap.to_pil()
                page.close()
            return OcrPage(number, ocr_image(image, lang), width, height)

        with ThreadPoolExecutor(workers) as pool:
            return list(pool.map(one, numbers))
    finally:
        with PDFIUM_LOCK:
            pdf.close()
