"""An uploaded file as the ``Fetched`` record the content and document stages read, so a
parse runs the same pipeline as a scrape from there on."""

from __future__ import annotations

import mimetypes

from webdata.engines.base import Fetched
from webdata.engines.charset import decode_body, is_textual

# Content types a client sends when it does not know; the name tells more then.
_VAGUE = frozenset({"", "application/octet-stream", "binary/octet-stream"})


def upload_content_type(filename: str, declared: str | None) -> str:
    """The bare MIME type: the declared one, else what the file name says."""
    mime = (declared or "").split(";", 1)[0].strip().lower()
    if mime in _VAGUE:
        mime = (mimetypes.guess_type(filename)[0] or mime).lower()
    return mime


def fetched_from_upload(data: bytes, filename: str, declared: str | None) -> Fetched:
    content_type = upload_content_type(filename, declared)
    text: str | None = None
    encoding: str | None = None
    if is_textual(content_type):
        text, encoding = decode_body(data, declared)
    return Fetched(
        url=f"upload://{filename}",
        status_code=200,
        headers={"content-type": content_type} if content_type else {},
        content_type=content_type,
        body=data,
        text=text,
        encoding=encoding,
        engine="upload",
    )
