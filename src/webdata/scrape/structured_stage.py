"""The deterministic extractors that read the page's HTML: ``product`` and ``menu``. Off the
event loop (a thread): a hostile multi-megabyte page takes a few hundred milliseconds. With a
model configured, it then fills the gaps they left (``scrape.structured_llm``)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from webdata.extract.llm import LlmClient
from webdata.extract.menu import extract_menu
from webdata.extract.product import extract_product
from webdata.scrape.content_runner import ContentRunner
from webdata.scrape.context import ScrapeContext
from webdata.scrape.structured_llm import fill_gaps

EXTRACTORS: dict[str, Callable[[str, str], Any]] = {
    "product": extract_product,
    "menu": extract_menu,
}


async def structured_stage(
    ctx: ScrapeContext, llm: LlmClient | None = None, content: ContentRunner | None = None
) -> None:
    wanted = [name for name in EXTRACTORS if name in ctx.request.format_types]
    if not wanted:
        return
    fetched = ctx.fetched
    if fetched is None or not fetched.text or ctx.blocked is not None:
        for name in wanted:
            ctx.fields[name] = None
        return
    html, url = fetched.text, fetched.url
    for name in wanted:
        ctx.fields[name] = await asyncio.to_thread(EXTRACTORS[name], html, url)
    if llm is not None and content is not None:
        await fill_gaps(ctx, llm, content)
