"""Offline OCR: tesserocr (Tesseract in-process) on Debian's tessdata (``tesseract-ocr-eng``,
installed by ``make run``/``make test``). No model is fetched at run time.

A Tesseract engine takes about 100 ms to load its model, so each thread keeps one per language
and reuses it; recognition releases the GIL, so pages run in parallel on threads.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PIL.Image import Image

# Where Debian (and most distributions) put the trained data, newest first.
TESSDATA_DIRS = (
    "/usr/share/tesseract-ocr/5/tessdata",
    "/usr/share/tesseract-ocr/4.00/tessdata",
    "/usr/share/tessdata",
    "/usr/local/share/tessdata",
)


class OcrUnavailable(Exception):
    """No OCR engine or no trained data for the language on this machine."""


@dataclass(frozen=True, slots=True)
class OcrText:
    text: str
    # Tesseract's mean word confidence, 0 to 1 (None when it recognised nothing).
    confidence: float | None


def find_tessdata() -> str | None:
    """``TESSDATA_PREFIX`` when set, else the first known directory holding trained data."""
    candidates = [os.environ.get("TESSDATA_PREFIX", ""), *TESSDATA_DIRS]
    for directory in candidates:
        if directory and any(Path(directory).glob("*.traineddata")):
            return directory.rstrip("/") + "/"
    return None


_local = threading.local()


@contextmanager
def _engine(lang: str) -> Iterator[Any]:
    try:
        import tesserocr
    except ImportError as exc:  # pragma: no cover - the wheel is a dependency
        raise OcrUnavailable("tesserocr is not installed") from exc
    engines: dict[str, Any] = _local.__dict__.setdefault("engines", {})
    api = engines.get(lang)
    if api is None:
        path = find_tessdata()
        if path is None:
            raise OcrUnavailable(
                "no Tesseract trained data found (install tesseract-ocr-eng, or set "
                "TESSDATA_PREFIX)"
            )
        try:
            api = tesserocr.PyTessBaseAPI(path=path, lang=lang)
        except RuntimeError as exc:
            raise OcrUnavailable(f"Tesseract cannot load language {lang!r}: {exc}") from exc
        engines[lang] = api
    try:
        yield api
    finally:
        api.Clear()


def ocr_image(image: Image, lang: str = "eng") -> OcrText:
    """The text of ``image`` (paragraphs separated by blank lines) and its confidence."""
    with _engine(lang) as api:
        api.SetImage(image)
        text = api.GetUTF8Text()
        confidence = api.MeanTextConf()
    text = "\n".join(line.rstrip() for line in text.strip().splitlines())
    return OcrText(text=text, confidence=confidence / 100 if text and confidence >= 0 else None)
