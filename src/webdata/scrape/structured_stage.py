"""The deterministic extractors that read the page's HTML: ``product`` and ``menu``. Off the
event loop (a thread): a hostile multi-megabyte page takes a few hundred milliseconds."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from webdata.extract.menu import extract_menu
from webdata.extract.product import extract_product
from webdata.scrape.context import ScrapeContext

EXTRACTORS: dict[str, Callable[[str, str], Any]] = {
    "product": extract_product,
    "menu": extract_menu,
}


async def structured_stage(ctx: ScrapeContext) -> None:
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
