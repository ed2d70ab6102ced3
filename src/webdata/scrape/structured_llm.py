"""The model filling the gaps of the deterministic ``product`` and ``menu`` results, when one
is configured (``extract.product_gaps`` / ``extract.menu_gaps`` say what a gap is and how
answers merge). A complete result never reaches the model; a model error is a ``warning``
and the deterministic result stands."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any

from webdata.content.pipeline import ContentOptions
from webdata.extract import llm_formats
from webdata.extract.llm import Answer, LlmClient, LlmError
from webdata.extract.menu_gaps import menu_gaps, merge_menu, unpriced
from webdata.extract.pii_outputs import redact_text
from webdata.extract.product_gaps import merge_product, product_gaps
from webdata.scrape.content_runner import ContentRunner
from webdata.scrape.context import ScrapeContext
from webdata.scrape.pii_stage import pii_options


async def fill_gaps(ctx: ScrapeContext, llm: LlmClient, content: ContentRunner) -> None:
    gaps: dict[str, tuple[str, ...]] = {}
    if "product" in ctx.fields:
        gaps["product"] = product_gaps(ctx.fields["product"])
    if isinstance(ctx.fields.get("menu"), dict):
        gaps["menu"] = menu_gaps(ctx.fields["menu"])
    gaps = {name: found for name, found in gaps.items() if found}
    if not gaps:
        return
    markdown = await _markdown(ctx, content)
    if not markdown:
        return
    asks: dict[str, Awaitable[Answer]] = {}
    if "product" in gaps:
        asks["product"] = llm_formats.fill_product(llm, markdown, gaps["product"])
    if "menu" in gaps:
        missing = unpriced(ctx.fields["menu"])
        asks["menu"] = llm_formats.fill_menu(llm, markdown, gaps["menu"], missing)
    results = await asyncio.gather(*asks.values(), return_exceptions=True)
    url = _canonical(ctx)
    for name, result in zip(asks, results, strict=True):
        if isinstance(result, LlmError):
            ctx.warnings.append(f"{name}: the model could not fill the gaps ({result})")
        elif isinstance(result, BaseException):
            raise result
        else:
            ctx.llm_tokens += result.usage.total
            ctx.fields[name] = _merge(name, ctx.fields[name], result.value, gaps[name], url)
            if result.truncated:
                ctx.warnings.append(
                    f"{name}: the page was longer than the model's context and was cut to "
                    "fit; the gaps were filled from its beginning only"
                )


def _merge(name: str, found: Any, answer: Any, gaps: tuple[str, ...], url: str) -> Any:
    if name == "product":
        return merge_product(found, answer, gaps, url)
    return merge_menu(found, answer, gaps, url)


async def _markdown(ctx: ScrapeContext, content: ContentRunner) -> str | None:
    """The page's markdown as the request would return it (already through the redactPII
    stage), or made here when the request did not ask for markdown (the content stage skips
    it then) and redacted here: the model never sees what the request wants hidden."""
    markdown = ctx.fields.get("markdown")
    if isinstance(markdown, str):
        return markdown
    fetched, req = ctx.fetched, ctx.request
    if fetched is None or not fetched.text:
        return None
    options = ContentOptions(
        only_main_content=req.only_main_content,
        include_tags=tuple(req.include_tags or ()),
        exclude_tags=tuple(req.exclude_tags or ()),
    )
    made = (await content.process_html(fetched.text, fetched.url, options)).markdown
    pii = pii_options(req)
    if made and pii is not None:
        made = await asyncio.to_thread(redact_text, made, pii)
    return made


def _canonical(ctx: ScrapeContext) -> str:
    canonical = ctx.page_metadata.get("canonical")
    if isinstance(canonical, str) and canonical.startswith(("http://", "https://")):
        return canonical
    return ctx.fetched.url if ctx.fetched is not None else ctx.request.url
