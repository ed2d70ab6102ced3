"""``images``: every image URL of the page (img, largest srcset, picture sources), absolute."""

from __future__ import annotations

from collections.abc import Mapping

from selectolax.lexbor import LexborHTMLParser

from webdata.content.srcset import largest
from webdata.content.urls import Resolver, is_http_url

# Lazy-loading scripts keep the real address here while ``src`` holds a placeholder.
LAZY_SRC_ATTRS = ("data-src", "data-lazy-src", "data-original")
LAZY_SRCSET_ATTRS = ("data-srcset", "data-lazy-srcset")


def _is_placeholder(src: str | None) -> bool:
    return not src or not src.strip() or src.lstrip()[:5].lower() == "data:"


def img_sources(attrs: Mapping[str, str | None]) -> tuple[str | None, str | None]:
    """``(src, srcset)`` of an ``<img>``, taking lazy-loading attributes into account.

    A lazy attribute is used only when the real one is missing or a ``data:`` placeholder,
    and a ``data:`` ``src`` is dropped when a ``srcset`` offers real candidates.
    """
    src = attrs.get("src")
    srcset = attrs.get("srcset")
    if _is_placeholder(src):
        lazy = next((v for a in LAZY_SRC_ATTRS if not _is_placeholder(v := attrs.get(a))), None)
        src = lazy or src
    if not srcset or not srcset.strip():
        srcset = next((v for a in LAZY_SRCSET_ATTRS if (v := attrs.get(a))), srcset)
    if srcset and srcset.strip() and _is_placeholder(src):
        src = None  # a placeholder never competes with the srcset candidates
    return src, srcset


def extract_images(tree: LexborHTMLParser, resolver: Resolver) -> list[str]:
    """Absolute http(s) image URLs of the whole page, document order, de-duplicated.

    One URL per element: the largest ``srcset`` candidate, else ``src``. ``data:`` URIs and
    other non-http(s) addresses are skipped; ``og:image`` is metadata, not listed here.
    """
    seen: dict[str, None] = {}
    for node in tree.css("img, picture source[srcset]"):
        attrs = node.attributes
        if node.tag == "img":
            src, srcset = img_sources(attrs)
            best = largest(srcset, src)
        else:
            best = largest(attrs.get("srcset"))
        if not best:
            continue
        url = resolver.resolve(best)
        if url is not None and is_http_url(url):
            seen.setdefault(url, None)
    return list(seen)
