"""A raster image (PNG, JPEG, WebP, TIFF, GIF...) as a one-page document: its OCR text.

Pure and synchronous. Pillow's decompression-bomb guard is kept (an image of more than
``MAX_PIXELS`` is refused before it is decoded), and multi-frame images are read frame by
frame up to ``MAX_FRAMES``.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image, ImageSequence, UnidentifiedImageError

from webdata.documents.ocr import ocr_image

MAX_PIXELS = 60_000_000
MAX_FRAMES = 20


class ImageError(Exception):
    """Not an image Pillow can read, or one too large to decode safely."""


@dataclass(frozen=True, slots=True)
class ImageText:
    markdown: str
    pages: list[str]
    confidence: float | None
    warnings: list[str]


def image_to_markdown(data: bytes, lang: str = "eng") -> ImageText:
    """OCR every frame (a TIFF may hold several pages); frames are separated by a blank line."""
    Image.MAX_IMAGE_PIXELS = MAX_PIXELS
    try:
        image = Image.open(io.BytesIO(data))
        image.load()
    except (UnidentifiedImageError, Image.DecompressionBombError, OSError, ValueError) as exc:
        raise ImageError(f"the image cannot be read: {exc}") from None
    pages: list[str] = []
    confidences: list[float] = []
    warnings: list[str] = []
    for index, frame in enumerate(ImageSequence.Iterator(image)):
        if index == MAX_FRAMES:
            warnings.append(f"only the first {MAX_FRAMES} frames of the image were read")
            break
        result = ocr_image(frame.convert("L"), lang)
        pages.append(result.text)
        if result.confidence is not None:
            confidences.append(result.confidence)
    if not any(pages):
        warnings.append("no text was recognised in the image")
    confidence = sum(confidences) / len(confidences) if confidences else None
    return ImageText("\n\n".join(p for p in pages if p), pages, confidence, warnings)
