"""The ``redactPII`` stage: PII out of every text the scrape returns.

It runs twice. :func:`redact_page` goes before the model steps (product and menu gaps, the LLM
formats) and change tracking, over what the page itself gave (markdown, html, links, images,
PDF pages and blocks): the model never sees the redacted values, and neither the tracking
history nor the cache keeps them.
:func:`redact_outputs` goes over the finished document's other texts: the model's answers
(which may repeat or invent PII), the ``attributes`` values, the pages an action captured, a
change-tracking diff against an older unredacted copy.

``rawHtml`` and ``rawBase64`` are the page as it was received, so they are left alone, with a
warning; so are ``metadata`` and the ``product``/``menu``/``branding`` profiles. The work is
CPU-bound (about 0.1 ms per KB in fast mode, 0.25 in aggressive), so it runs in a thread.
"""

from __future__ import annotations

import asyncio
from typing import Any

from webdata.contract import ScrapeRequest
from webdata.contract.document import ActionResults
from webdata.extract.pii_outputs import (
    PiiOptions,
    redact_blocks,
    redact_html,
    redact_text,
    redact_texts,
    redact_value,
)
from webdata.scrape.context import ScrapeContext

_UNREDACTED = ("rawHtml", "rawBase64")


def pii_options(req: ScrapeRequest) -> PiiOptions | None:
    """The request's ``redactPII`` (``true``: the defaults; an object overrides them)."""
    value = req.redact_pii
    if value is False:
        return None
    if value is True:
        return PiiOptions()
    defaults = PiiOptions()
    return PiiOptions(
        mode=value.mode or defaults.mode,
        entities=frozenset(value.entities) if value.entities is not None else None,
        replace_style=value.replace_style or defaults.replace_style,
    )


def _redact_page_fields(fields: dict[str, Any], options: PiiOptions) -> None:
    if isinstance(fields.get("markdown"), str):
        fields["markdown"] = redact_text(fields["markdown"], options)
    if isinstance(fields.get("html"), str):
        fields["html"] = redact_html(fields["html"], options)
    for key in ("links", "images"):
        if fields.get(key):
            fields[key] = redact_texts(fields[key], options)
    if fields.get("pages"):
        texts = redact_texts([page["markdown"] for page in fields["pages"]], options)
        fields["pages"] = [
            {**page, "markdown": text} for page, text in zip(fields["pages"], texts, strict=True)
        ]
    if fields.get("blocks"):
        fields["blocks"] = redact_blocks(fields["blocks"], fields.get("markdown") or "", options)


async def redact_page(ctx: ScrapeContext) -> None:
    options = pii_options(ctx.request)
    if options is None:
        return
    await asyncio.to_thread(_redact_page_fields, ctx.fields, options)
    raw = [name for name in _UNREDACTED if name in ctx.request.format_types]
    if raw:
        ctx.warnings.append(
            f"redactPII does not apply to {' and '.join(raw)}: "
            "they are the page exactly as it was received"
        )


def _redact_actions(actions: ActionResults, options: PiiOptions) -> ActionResults:
    return actions.model_copy(
        update={
            "scrapes": [
                {**scrape, "html": redact_html(scrape.get("html") or "", options)}
                for scrape in actions.scrapes
            ],
            "javascript_returns": redact_value(actions.javascript_returns, options),
        }
    )


def _redact_output_fields(data: dict[str, Any], options: PiiOptions) -> None:
    for key in ("summary", "answer", "highlights", "json", "attributes"):
        if data.get(key) is not None:
            data[key] = redact_value(data[key], options)
    tracking = data.get("changeTracking")
    if isinstance(tracking, dict):
        for key in ("diff", "json"):
            if tracking.get(key) is not None:
                tracking[key] = redact_value(tracking[key], options)
    if isinstance(data.get("actions"), ActionResults):
        data["actions"] = _redact_actions(data["actions"], options)


async def redact_outputs(ctx: ScrapeContext, data: dict[str, Any]) -> None:
    """The document's fields that :func:`redact_page` could not see, redacted in place."""
    options = pii_options(ctx.request)
    if options is not None:
        await asyncio.to_thread(_redact_output_fields, data, options)
