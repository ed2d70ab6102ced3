"""Which office kind some bytes are: magic bytes and zip members first, then the labels."""

from __future__ import annotations

import io
import posixpath
import zipfile
from urllib.parse import urlsplit

# Content types, without parameters. CSV only by an explicit text/csv, as the brief says:
# sniffing plain text for commas would claim half the web's text files.
CONTENT_TYPES = {
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.template": "docx",
    "application/vnd.ms-word.document.macroenabled.12": "docx",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.template": "xlsx",
    "application/vnd.ms-excel.sheet.macroenabled.12": "xlsx",
    "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
    "application/vnd.openxmlformats-officedocument.presentationml.slideshow": "pptx",
    "application/vnd.ms-powerpoint.presentation.macroenabled.12": "pptx",
    "application/vnd.oasis.opendocument.text": "odt",
    "application/rtf": "rtf",
    "text/rtf": "rtf",
    "application/x-rtf": "rtf",
    "application/epub+zip": "epub",
    "text/csv": "csv",
}
EXTENSIONS = {
    ".docx": "docx",
    ".docm": "docx",
    ".dotx": "docx",
    ".xlsx": "xlsx",
    ".xlsm": "xlsx",
    ".xltx": "xlsx",
    ".pptx": "pptx",
    ".pptm": "pptx",
    ".ppsx": "pptx",
    ".potx": "pptx",
    ".odt": "odt",
    ".rtf": "rtf",
    ".epub": "epub",
    ".csv": "csv",
}
_ODF_EPUB = {"application/vnd.oasis.opendocument.text": "odt", "application/epub+zip": "epub"}
_OOXML_DIRS = (("word/", "docx"), ("xl/", "xlsx"), ("ppt/", "pptx"))
# Bytes that are surely something else, whatever the label says.
_FOREIGN_MAGIC = (b"%PDF-", b"\x89PNG", b"\xff\xd8\xff", b"GIF8")


class _Foreign(Exception):
    """The bytes are a known format that is not one of ours."""


def _mimetype_kind(mimetype: bytes) -> str | None:
    name = mimetype.strip().decode("ascii", "replace")
    if name in _ODF_EPUB:
        return _ODF_EPUB[name]
    raise _Foreign(name)  # another ODF (ods, odp…) or zip-based format


def _zip_kind(data: bytes) -> str | None:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError):
        return _first_entry_kind(data)
    with archive:
        names = archive.namelist()
        if "mimetype" in names:
            info = archive.getinfo("mimetype")
            if info.file_size <= 200:
                try:
                    return _mimetype_kind(archive.read(info))
                except (zipfile.BadZipFile, OSError, ValueError, EOFError):
                    return None
        if "[Content_Types].xml" in names:
            for prefix, kind in _OOXML_DIRS:
                if any(name.startswith(prefix) for name in names):
                    return kind
    return None


def _first_entry_kind(data: bytes) -> str | None:
    """A truncated ODT/EPUB still opens with its stored ``mimetype`` entry (their spec says so)."""
    if data[30:38] != b"mimetype" or data[8:10] != b"\x00\x00":  # name, method "stored"
        return None
    extra = int.from_bytes(data[28:30], "little")
    size = int.from_bytes(data[18:22], "little")
    start = 38 + extra
    return _mimetype_kind(data[start : start + min(size, 200)])


def _bytes_kind(data: bytes) -> str | None:
    if data.startswith(b"PK\x03\x04"):
        return _zip_kind(data)
    if data[:64].lstrip()[:5] == b"{\\rtf":
        return "rtf"
    if data.startswith(_FOREIGN_MAGIC):
        raise _Foreign("magic")
    return None


def _name_kind(filename: str) -> str | None:
    path = urlsplit(filename).path if "://" in filename else filename.split("?")[0].split("#")[0]
    ext = posixpath.splitext(path.rsplit("\\", 1)[-1].lower())[1]
    return EXTENSIONS.get(ext)


def detect_office(
    data: bytes, content_type: str | None = None, filename: str | None = None
) -> str | None:
    """The office kind of ``data``: 'docx', 'xlsx', 'pptx', 'odt', 'rtf', 'epub', 'csv' or None.

    The bytes win over the labels; labels decide only when the bytes say nothing (a truncated
    zip, an encrypted OLE package, plain text). Bytes that are surely another format (PDF,
    images, other ODF or zip kinds) give None.
    """
    try:
        kind = _bytes_kind(data)
    except _Foreign:
        return None
    if kind is not None:
        return kind
    if content_type:
        kind = CONTENT_TYPES.get(content_type.split(";")[0].strip().lower())
        if kind is not None:
            return kind
    if filename:
        return _name_kind(filename)
    return None
