"""Office and other document formats -> markdown: DOCX, XLSX, PPTX, ODT, RTF, EPUB, CSV.

``detect_office`` names the kind, ``convert_office`` runs that kind's converter. Converters
live one per family in ``office_<kind>.py``; a new format is one module plus one line in
``CONVERTERS``. Everything is synchronous and pure (bytes in, values out).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from webdata.documents.office_base import (
    MAX_UNPACKED_BYTES,
    Draft,
    OfficeError,
    OutputFull,
)
from webdata.documents.office_csv import convert_csv
from webdata.documents.office_detect import detect_office
from webdata.documents.office_docx import convert_docx
from webdata.documents.office_epub import convert_epub
from webdata.documents.office_odt import convert_odt
from webdata.documents.office_pptx import convert_pptx
from webdata.documents.office_rtf import convert_rtf
from webdata.documents.office_xlsx import convert_xlsx

__all__ = ["CONVERTERS", "OfficeError", "OfficeResult", "convert_office", "detect_office"]

Converter = Callable[[bytes, Draft], None]

CONVERTERS: dict[str, Converter] = {
    "docx": convert_docx,
    "xlsx": convert_xlsx,
    "pptx": convert_pptx,
    "odt": convert_odt,
    "rtf": convert_rtf,
    "epub": convert_epub,
    "csv": convert_csv,
}


@dataclass(frozen=True)
class OfficeResult:
    """The markdown of one document, its title and size, and what was lost on the way."""

    markdown: str
    kind: str
    title: str | None
    num_pages: int | None  # slides for pptx, sheets for xlsx, None otherwise
    warnings: list[str]


def convert_office(
    data: bytes,
    kind: str,
    *,
    max_bytes_out: int = 20_000_000,
    max_unpacked_bytes: int = MAX_UNPACKED_BYTES,
) -> OfficeResult:
    """Markdown of ``data`` read as ``kind`` (see ``detect_office``).

    Output past ``max_bytes_out`` is cut (on a line end) with a warning; zip-based files that
    would unpack past ``max_unpacked_bytes`` are refused. Raises OfficeError for corrupt,
    encrypted, mislabelled or unsupported files.
    """
    converter = CONVERTERS.get(kind)
    if converter is None:
        raise OfficeError(f"unsupported document kind: {kind!r}")
    draft = Draft(max_bytes=max_bytes_out, max_unpacked=max_unpacked_bytes)
    try:
        converter(data, draft)
    except OutputFull:
        draft.warnings.append(f"output truncated at {max_bytes_out} bytes")
    except OfficeError:
        raise
    except Exception as exc:  # the parsing libraries raise anything at all on malformed input
        raise OfficeError(
            f"corrupt or unreadable {kind.upper()} file ({type(exc).__name__}: {exc})"
        ) from exc
    return OfficeResult(
        markdown=draft.markdown(),
        kind=kind,
        title=draft.title,
        num_pages=draft.num_pages,
        warnings=draft.warnings,
    )
