"""The file formats ``POST /v2/parse`` knows, and whether this build converts them.

Every format listed has its converter wired into the content stage
(``scrape.documents_stage``); ``available`` would say false for one listed before it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class ParseFormat:
    format: str
    kind: str
    extensions: tuple[str, ...]
    mime_types: tuple[str, ...]
    available: bool

    def wire(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "kind": self.kind,
            "extensions": list(self.extensions),
            "mimeTypes": list(self.mime_types),
            "available": self.available,
        }


_OOXML = "application/vnd.openxmlformats-officedocument"

PARSE_FORMATS: tuple[ParseFormat, ...] = (
    ParseFormat("html", "document", (".html", ".htm", ".xhtml"),
                ("text/html", "application/xhtml+xml"), True),
    ParseFormat("text", "document", (".txt", ".md", ".markdown"),
                ("text/plain", "text/markdown"), True),
    ParseFormat("json", "document", (".json",), ("application/json",), True),
    ParseFormat("xml", "document", (".xml",), ("application/xml", "text/xml"), True),
    ParseFormat("pdf", "document", (".pdf",), ("application/pdf",), True),
    ParseFormat("docx", "document", (".docx",), (f"{_OOXML}.wordprocessingml.document",), True),
    ParseFormat("xlsx", "document", (".xlsx",), (f"{_OOXML}.spreadsheetml.sheet",), True),
    ParseFormat("pptx", "document", (".pptx",), (f"{_OOXML}.presentationml.presentation",),
                True),
    ParseFormat("odt", "document", (".odt",), ("application/vnd.oasis.opendocument.text",),
                True),
    ParseFormat("rtf", "document", (".rtf",), ("application/rtf", "text/rtf"), True),
    ParseFormat("epub", "document", (".epub",), ("application/epub+zip",), True),
    ParseFormat("csv", "document", (".csv",), ("text/csv",), True),
    # Images are read by OCR with the ``image`` parser (``parsers: ["image"]``).
    ParseFormat("image", "image", (".png", ".jpg", ".jpeg", ".webp", ".tif", ".tiff", ".gif",
                                   ".bmp"),
                ("image/png", "image/jpeg", "image/webp", "image/tiff", "image/gif",
                 "image/bmp"), True),
)  # fmt: skip
