"""The body of ``POST /v2/batch/scrape``: the URL list and the batch's own fields; every
other key is a scrape option, applied to each URL (as firecrawl-py sends it: flattened)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, StringConstraints

from webdata.contract.base import WireModel
from webdata.contract.urls import normalize_target_url

_JOB_ID = Annotated[str, StringConstraints(min_length=1, max_length=64)]


class BatchFields(WireModel):
    urls: list[Annotated[str, StringConstraints(max_length=8_192)]] = Field(min_length=1)
    # A URL or ``{url, headers, metadata, events}``: not delivered by this build (501).
    webhook: str | dict[str, Any] | None = None
    append_to_id: _JOB_ID | None = None
    # Skip malformed URLs (listed in ``invalidURLs``) instead of refusing the batch.
    ignore_invalid_urls: bool = Field(True, alias="ignoreInvalidURLs")
    # At most this many of the batch's pages at once (else ``WEBDATA_JOB_WINDOW``).
    max_concurrency: int | None = Field(None, ge=1, le=1_000)


# The wire names of the batch's own fields (camelCase, ``ignoreInvalidURLs``).
BATCH_KEYS = frozenset(field.alias or name for name, field in BatchFields.model_fields.items())


def split_batch_body(body: dict[str, Any]) -> tuple[BatchFields, dict[str, Any]]:
    """The batch's own fields (validated; raises ValidationError) and the scrape options."""
    own = {k: v for k, v in body.items() if k in BATCH_KEYS}
    options = {k: v for k, v in body.items() if k not in BATCH_KEYS and k != "url"}
    return BatchFields.model_validate(own, by_alias=True, by_name=False), options


def split_urls(urls: list[str]) -> tuple[list[str], list[tuple[str, str]]]:
    """The valid URLs (as they will be scraped), and the invalid ones with why."""
    valid: list[str] = []
    invalid: list[tuple[str, str]] = []
    for url in urls:
        try:
            valid.append(normalize_target_url(url))
        except ValueError as exc:
            invalid.append((url, str(exc)))
    return valid, invalid
