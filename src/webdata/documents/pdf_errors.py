"""Why a PDF could not be parsed at all; ``kind`` lets callers map each case to an API error."""

from __future__ import annotations

from typing import ClassVar, Literal

PdfErrorKind = Literal["encrypted", "corrupt", "empty"]


class PdfError(Exception):
    """A PDF that yields nothing; the message is meant for the API user."""

    kind: ClassVar[PdfErrorKind] = "corrupt"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class PdfEncryptedError(PdfError):
    kind = "encrypted"


class PdfCorruptError(PdfError):
    kind = "corrupt"


class PdfEmptyError(PdfError):
    kind = "empty"
