"""The format registry: one transformer per format ``type`` (data, not a chain of ifs).

A transformer names the content outputs it needs (so the content stage computes only those)
and turns the scrape context into the ``data`` fields it owns. A format whose engine is not
built yet is registered with the capability it lacks; the plan refuses it before fetching.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from webdata.content.parse import parse_html
from webdata.contract.formats import AttributesFormat
from webdata.scrape.branding_format import branding_field
from webdata.scrape.context import ScrapeContext

Transform = Callable[[ScrapeContext, Any], dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Transformer:
    type: str
    transform: Transform | None = None
    # Content outputs this format reads: any of "markdown", "html", "links", "images".
    needs_content: frozenset[str] = frozenset()
    # Set when the format cannot run in this build: (capability, what it needs).
    unavailable: tuple[str, str] | None = None
    # Whether the format (with these options) asks the model (``scrape.llm_stage``).
    needs_llm: Callable[[Any], bool] | None = None


def _field(name: str, key: str | None = None) -> Transform:
    def transform(ctx: ScrapeContext, _fmt: Any) -> dict[str, Any]:
        return {key or name: ctx.fields.get(name)}

    return transform


def _raw_html(ctx: ScrapeContext, _fmt: Any) -> dict[str, Any]:
    fetched = ctx.fetched
    assert fetched is not None
    text = fetched.text
    if text is None:
        text = fetched.body.decode("utf-8", errors="replace")
    return {"rawHtml": text}


def _raw_base64(ctx: ScrapeContext, _fmt: Any) -> dict[str, Any]:
    assert ctx.fetched is not None
    return {"rawBase64": base64.b64encode(ctx.fetched.body).decode("ascii")}


def _attributes(ctx: ScrapeContext, fmt: AttributesFormat) -> dict[str, Any]:
    fetched = ctx.fetched
    assert fetched is not None
    tree = parse_html(fetched.text or "")
    results = []
    for item in fmt.selectors:
        values = [
            value
            for node in tree.css(item.selector)
            if (value := node.attributes.get(item.attribute)) is not None
        ]
        results.append({"selector": item.selector, "attribute": item.attribute, "values": values})
    return {"attributes": results}


def _query(ctx: ScrapeContext, fmt: Any) -> dict[str, Any]:
    """The deprecated ``query``: freeform is a question, directQuote a highlights request."""
    key = "answer" if fmt.mode == "freeform" else "highlights"
    return {key: ctx.fields.get(key)}


def _always(_fmt: Any) -> bool:
    return True


def _freeform(fmt: Any) -> bool:
    return bool(fmt.mode == "freeform")


_MD = frozenset({"markdown"})

REGISTRY: dict[str, Transformer] = {
    t.type: t
    for t in (
        Transformer("markdown", _field("markdown"), frozenset({"markdown"})),
        Transformer("html", _field("html"), frozenset({"html"})),
        Transformer("rawHtml", _raw_html),
        Transformer("rawBase64", _raw_base64),
        Transformer("links", _field("links"), frozenset({"links"})),
        Transformer("images", _field("images"), frozenset({"images"})),
        Transformer("attributes", _attributes),
        # The signed URL of the image the browser engine took (stored by the scrape stage).
        Transformer("screenshot", _field("screenshot")),
        # The rendered page's computed styles, sampled by the browser engine.
        Transformer("branding", branding_field),
        # Signed links to the page's media (``scrape.media_stage``), valid 1 hour.
        Transformer("audio", _field("audio")),
        Transformer("video", _field("video")),
        # Filled by ``scrape.llm_stage`` (the model; highlights are ranked locally).
        Transformer("summary", _field("summary"), _MD, needs_llm=_always),
        Transformer("json", _field("json"), _MD, needs_llm=_always),
        Transformer("question", _field("answer"), _MD, needs_llm=_always),
        Transformer("highlights", _field("highlights"), _MD),
        Transformer("query", _query, _MD, needs_llm=_freeform),
        # Filled by ``scrape.tracking`` from the team's history before the document is built.
        Transformer("changeTracking", _field("changeTracking"), frozenset({"markdown"})),
        # Read from the page's structured data and structure (``scrape.structured_stage``).
        Transformer("product", _field("product")),
        Transformer("menu", _field("menu")),
    )
}
