"""What the page's ``<link>`` elements say: favicon, canonical URL, language alternates, feeds.

One pass over ``link[href]``; every URL is made absolute with the page's resolver.

- favicon: ``rel=icon`` > ``rel="shortcut icon"`` > ``apple-touch-icon(-precomposed)`` > any
  other rel containing ``icon`` (``mask-icon``…); the first of the best kind wins.
- canonical: the first ``rel=canonical`` that resolves to an http(s) URL.
- alternateLanguages: ``rel=alternate hreflang=…`` -> {hreflang as written: URL}, the first
  per language, at most ``MAX_ALTERNATES`` (a language tag longer than 35 characters is
  ignored).
- feeds: ``rel=alternate`` with an RSS / Atom / JSON Feed type, at most ``MAX_FEEDS``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from selectolax.lexbor import LexborHTMLParser

from webdata.content.urls import Resolver, is_http_url

MAX_ALTERNATES = 200
MAX_FEEDS = 20

FEED_TYPES = frozenset(
    {
        "application/rss+xml",
        "application/atom+xml",
        "application/feed+json",
        "application/rdf+xml",
        "application/x.atom+xml",
        "application/x-atom+xml",
    }
)
_APPLE_ICONS = frozenset({"apple-touch-icon", "apple-touch-icon-precomposed"})


@dataclass(slots=True)
class LinkInfo:
    favicon: str | None = None
    canonical: str | None = None
    alternates: dict[str, str] = field(default_factory=dict)
    feeds: list[str] = field(default_factory=list)


def _icon_rank(rel: str, tokens: list[str]) -> int | None:
    """0 best; None when the link is not an icon."""
    if "icon" in tokens:
        return 1 if "shortcut" in tokens else 0
    if not _APPLE_ICONS.isdisjoint(tokens):
        return 2
    return 3 if "icon" in rel else None


def scan_links(tree: LexborHTMLParser, resolver: Resolver) -> LinkInfo:
    info = LinkInfo()
    icons: list[str | None] = [None, None, None, None]
    for node in tree.css("link[rel][href]"):
        attrs = node.attributes
        href = attrs.get("href") or ""
        rel = (attrs.get("rel") or "").lower()
        if not href.strip() or not rel:
            continue
        tokens = rel.split()
        rank = _icon_rank(rel, tokens)
        if rank is not None:
            if icons[rank] is None:
                icons[rank] = href
            continue
        if "canonical" in tokens:
            if info.canonical is None and (url := resolver.resolve(href)) and is_http_url(url):
                info.canonical = url
        elif "alternate" in tokens:
            kind = (attrs.get("type") or "").split(";", 1)[0].strip().lower()
            if kind in FEED_TYPES:
                url = resolver.resolve(href) if len(info.feeds) < MAX_FEEDS else None
                if url and is_http_url(url) and url not in info.feeds:
                    info.feeds.append(url)
            elif (hreflang := (attrs.get("hreflang") or "").strip()) and len(hreflang) <= 35:
                alternates = info.alternates
                if hreflang in alternates or len(alternates) >= MAX_ALTERNATES:
                    continue
                if (url := resolver.resolve(href)) and is_http_url(url):
                    alternates[hreflang] = url
    best = next((href for href in icons if href is not None), None)
    info.favicon = resolver.resolve(best) if best is not None else None
    return info
