"""``links``: every ``<a href>`` of the whole page, absolute, http(s) only, de-duplicated.

Like Firecrawl's ``links`` format, only ``http(s)`` targets are listed: fragment-only
references (``#top``), ``javascript:``, ``mailto:``, ``tel:``, ``data:`` and the like are
dropped. Fragments of other links are kept as written.
"""

from __future__ import annotations

from selectolax.lexbor import LexborHTMLParser

from webdata.content.urls import C0_SPACE as _C0_SPACE
from webdata.content.urls import Resolver, is_http_url


def extract_links(tree: LexborHTMLParser, resolver: Resolver) -> list[str]:
    """Absolute http(s) link targets of the whole page, in document order, each once."""
    seen: dict[str, None] = {}
    for node in tree.css("a[href]"):
        href = node.attributes.get("href")
        if not href or href.lstrip(_C0_SPACE)[:1] == "#":
            continue
        url = resolver.resolve(href)
        if url is not None and is_http_url(url):
            seen.setdefault(url, None)
    return list(seen)
