"""RTF -> markdown paragraphs, through striprtf (plain text: no headings or emphasis survive)."""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable

from striprtf.striprtf import rtf_to_text as _rtf_to_text

from webdata.documents.office_base import Draft, OfficeError
from webdata.documents.office_md import escape_text, paragraph

# striprtf ships py.typed but leaves this function unannotated.
rtf_to_text: Callable[..., str] = _rtf_to_text
_CODEPAGE = re.compile(rb"\\ansicpg(\d{3,5})")
# Groups that hold only binary data as hex (pictures, OLE objects, Word's theme and data
# store): often most of a file's bytes. striprtf tokenises them char by char before ignoring
# them, so they are cut out first; a brace scan in C is far cheaper.
_BINARY_GROUP = re.compile(
    r"\{\\(?:\*\\)?(?:pict|shppict|nonshppict|objdata|themedata|datastore|colorschememapping|"
    r"blipuid|fontemb|passwordhash)\b"
)
_BRACE = re.compile(r"\\[{}\\]|[{}]")
# The title sits in the {\info …} group, which striprtf skips; read it from the source.
_TITLE = re.compile(r"\{\\title\s?((?:[^{}\\]|\\[^a-z]|\\[a-z]+-?\d* ?)*)\}", re.IGNORECASE)


def _codepage(data: bytes) -> str:
    match = _CODEPAGE.search(data[:4096])
    if match:
        name = f"cp{int(match.group(1))}"
        try:
            codecs.lookup(name)
            return name
        except LookupError:
            pass
    return "cp1252"


def drop_binary_groups(source: str) -> str:
    """``source`` without its hex-data groups (left alone where raw ``\\bin`` data could hide
    braces; striprtf copes with those itself)."""
    if "\\bin" in source:
        return source
    parts: list[str] = []
    pos = 0
    while (start := _BINARY_GROUP.search(source, pos)) is not None:
        parts.append(source[pos : start.start()])
        depth, end = 0, len(source)
        for brace in _BRACE.finditer(source, start.start()):
            token = brace.group(0)
            if token == "{":
                depth += 1
            elif token == "}":
                depth -= 1
                if depth == 0:
                    end = brace.end()
                    break
        pos = end
    parts.append(source[pos:])
    return "".join(parts)


def convert_rtf(data: bytes, draft: Draft) -> None:
    """Fill ``draft`` with the paragraphs of an .rtf file."""
    if data[:64].lstrip()[:5] != b"{\\rtf":
        raise OfficeError("not an RTF file: it does not start with {\\rtf")
    # RTF is 7-bit text; 8-bit characters come as \'hh escapes, decoded by striprtf with the
    # document's code page. Latin-1 maps stray raw bytes one to one, never failing.
    source = data.decode("latin-1")
    encoding = _codepage(data)
    text = rtf_to_text(drop_binary_groups(source), encoding=encoding, errors="replace")
    if match := _TITLE.search(source[:65536]):
        title = rtf_to_text("{\\rtf1 " + match.group(1) + "}", encoding=encoding, errors="replace")
        draft.title = " ".join(title.split()) or None
    for line in text.split("\n"):
        if line.strip():
            draft.add(paragraph(escape_text(line)))
