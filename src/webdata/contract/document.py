"""The scrape response: ``{success, data: Document}``; fields appear only when requested."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from webdata.contract.base import OpenWireModel


class DocumentMetadata(OpenWireModel):
    """Page metadata plus what happened during the scrape; other page keys ride along as extras."""

    title: str | list[str] | None = None
    description: str | list[str] | None = None
    keywords: str | list[str] | None = None
    language: str | list[str] | None = None
    source_url: str = Field(alias="sourceURL")
    url: str
    status_code: int
    content_type: str | None = None
    og_locale_alternate: list[str] | None = None
    num_pages: int | None = None
    total_pages: int | None = None
    error: str | None = None
    scrape_id: str | None = None
    proxy_used: str | None = None
    # Which engine fetched the page: "http", "enhanced" (Chrome's TLS, proxy enhanced) or
    # "browser".
    engine: str | None = None
    cache_state: str | None = None
    cached_at: str | None = None
    credits_used: int | None = None
    concurrency_limited: bool | None = None
    concurrency_queue_duration_ms: float | None = None


class ActionResults(OpenWireModel):
    screenshots: list[str] = Field(default_factory=list)
    scrapes: list[dict[str, Any]] = Field(default_factory=list)
    javascript_returns: list[dict[str, Any]] = Field(default_factory=list)
    pdfs: list[str] = Field(default_factory=list)


class Document(OpenWireModel):
    markdown: str | None = None
    html: str | None = None
    raw_html: str | None = None
    raw_base64: str | None = None
    links: list[str] | None = None
    images: list[str] | None = None
    screenshot: str | None = None
    summary: str | None = None
    json_data: Any = Field(None, alias="json")
    answer: str | None = None
    highlights: str | None = None
    audio: str | None = None
    video: str | None = None
    attributes: list[dict[str, Any]] | None = None
    actions: ActionResults | None = None
    change_tracking: dict[str, Any] | None = None
    branding: dict[str, Any] | None = None
    product: dict[str, Any] | None = None
    menu: dict[str, Any] | None = None
    pages: list[dict[str, Any]] | None = None
    blocks: list[dict[str, Any]] | None = None
    warning: str | None = None
    metadata: DocumentMetadata

    def to_wire(self) -> dict[str, Any]:
        """camelCase dict without the top-level fields that were not produced (rule 4)."""
        unset = {
            name
            for name in type(self).model_fields
            if name != "metadata" and getattr(self, name) is None
        }
        data = self.model_dump(by_alias=True, exclude=unset)
        data["metadata"] = self.metadata.model_dump(by_alias=True, exclude_none=True)
        return data


class ScrapeResponse(OpenWireModel):
    success: bool = True
    data: Document
