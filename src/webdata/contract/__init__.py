"""The wire format: pydantic models of requests, documents and errors (camelCase lives here)."""

from webdata.contract.document import ActionResults, Document, DocumentMetadata, ScrapeResponse
from webdata.contract.errors import ApiError, ErrorBody
from webdata.contract.scrape_request import ScrapeRequest

__all__ = [
    "ActionResults",
    "ApiError",
    "Document",
    "DocumentMetadata",
    "ErrorBody",
    "ScrapeRequest",
    "ScrapeResponse",
]
