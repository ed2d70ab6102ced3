"""What every office converter shares: the error, the size-capped output, safe zip and XML reads."""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass, field
from typing import Any
from xml.etree import ElementTree

# Total uncompressed bytes a zip-based file may declare. zipfile never inflates a member past
# its declared size (it fails the CRC check instead), so capping the declared sizes caps what
# we, and the libraries reading the same bytes, can ever inflate: the zip-bomb guard.
MAX_UNPACKED_BYTES = 300_000_000
MAX_ZIP_MEMBERS = 20_000
OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
# Tables (sheets, CSV, ODT tables) keep this many non-empty rows and columns, with a warning.
MAX_TABLE_ROWS = 10_000
MAX_TABLE_COLS = 200


class OfficeError(Exception):
    """The file cannot be converted: corrupt, encrypted, not the claimed kind, or unsupported."""


class OutputFull(Exception):
    """Raised by :meth:`Draft.add` once the markdown reached its byte cap."""


@dataclass
class Draft:
    """The markdown a converter builds, block by block, under a byte cap, and its metadata."""

    max_bytes: int
    max_unpacked: int = MAX_UNPACKED_BYTES
    blocks: list[str] = field(default_factory=list)
    size: int = 0
    title: str | None = None
    num_pages: int | None = None
    warnings: list[str] = field(default_factory=list)

    def add(self, block: str) -> None:
        """Append one markdown block (blank-line separated); raise OutputFull past the cap."""
        block = block.strip("\n")
        if not block.strip():
            return
        cost = len(block.encode("utf-8")) + 2
        if self.size + cost <= self.max_bytes:
            self.blocks.append(block)
            self.size += cost
            return
        room = max(self.max_bytes - self.size - 2, 0)
        cut = block.encode("utf-8")[:room].decode("utf-8", "ignore")
        if "\n" in cut:  # end on a whole line, so a table is not left with half a row
            cut = cut[: cut.rfind("\n")]
        if cut.strip():
            self.blocks.append(cut)
        raise OutputFull

    def markdown(self) -> str:
        return "\n\n".join(self.blocks)


def reject_ole(data: bytes) -> None:
    """Raise OfficeError for an OLE2 compound file: encrypted OOXML or a legacy binary format."""
    if not data.startswith(OLE_MAGIC):
        return
    # An encrypted .docx/.xlsx/.pptx is an OLE file holding an "EncryptedPackage" stream;
    # directory entry names are UTF-16LE.
    if "EncryptedPackage".encode("utf-16-le") in data:
        raise OfficeError("encrypted (password-protected) Office file; cannot be read")
    raise OfficeError("legacy binary Office file (OLE2: .doc/.xls/.ppt); not supported")


def open_zip(data: bytes, kind: str, max_unpacked: int = MAX_UNPACKED_BYTES) -> zipfile.ZipFile:
    """The zip archive in ``data``, after the corrupt-file and zip-bomb checks."""
    reject_ole(data)
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError) as exc:
        raise OfficeError(f"not a valid {kind.upper()} file: corrupt or truncated zip") from exc
    infos = archive.infolist()
    if len(infos) > MAX_ZIP_MEMBERS:
        raise OfficeError(f"zip holds {len(infos)} members (limit {MAX_ZIP_MEMBERS})")
    total = sum(info.file_size for info in infos)
    if total > max_unpacked:
        raise OfficeError(
            f"zip would unpack to {total} bytes (limit {max_unpacked}); refusing a likely zip bomb"
        )
    return archive


def require_ooxml(data: bytes, kind: str, folder: str, max_unpacked: int) -> None:
    """Refuse anything but an OOXML zip of ``kind`` (its ``folder``, e.g. ``word/``)."""
    with open_zip(data, kind, max_unpacked) as archive:
        names = archive.namelist()
    if "[Content_Types].xml" not in names or not any(n.startswith(folder) for n in names):
        article = "an" if kind[0] in "aeiox" else "a"
        raise OfficeError(f"not {article} {kind.upper()} file: no {folder} part in the zip")


_CORE_PROPERTIES = (
    "http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties"
)


def ooxml_title(document: Any) -> str | None:
    """The title in the core properties of a python-docx or python-pptx document; None when
    the file has none (those libraries invent "Word Document" defaults: ask first)."""
    try:
        document.part.package.part_related_by(_CORE_PROPERTIES)
    except KeyError:
        return None
    return (document.core_properties.title or "").strip() or None


def read_member(archive: zipfile.ZipFile, name: str, kind: str) -> bytes:
    """One member's bytes; OfficeError when it is missing or damaged."""
    try:
        return archive.read(name)
    except KeyError as exc:
        raise OfficeError(f"not a valid {kind.upper()} file: {name} is missing") from exc
    except (zipfile.BadZipFile, OSError, EOFError, ValueError) as exc:
        raise OfficeError(f"corrupt {kind.upper()} file: {name} cannot be read") from exc


def parse_xml(data: bytes, what: str) -> ElementTree.Element:
    """Parse an XML part. Entity declarations are refused (billion-laughs style expansion)."""
    if b"<!ENTITY" in data:
        raise OfficeError(f"{what}: XML entity declarations are not accepted")
    try:
        return ElementTree.fromstring(data)
    except ElementTree.ParseError as exc:
        raise OfficeError(f"{what}: malformed XML ({exc})") from exc


def local(tag: str) -> str:
    """An ElementTree tag without its ``{namespace}``."""
    return tag.rpartition("}")[2]
