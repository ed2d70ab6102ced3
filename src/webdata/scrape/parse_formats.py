"""The file formats ``POST /v2/parse`` knows, and whether this build converts them.

A format becomes ``available`` when its converter is wired into the content stage; listing
the others says plainly what an upload of them will answer (501 until then).
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


PARSE_FORMATS: tuple[ParseFormat, ...] = (
    ParseFormat("html", "document", (".html", ".htm", ".xhtml"),
                ("text/html", "application/xhtml+xml"), True),
    ParseFormat("text", "document", (".txt", ".md", ".markdown"),
                ("text/plain", "text/markdown"), True),
    ParseFormat("json", "document", (".json",), ("application/json",), True),
    ParseFormat("xml", "document", (".xml",), ("application/xml", "text/xml"), True),
    ParseFormat("pdf", "document", (".pdf",), ("application/pdf",), False),
)  # fmt: skip
