"""Image noise inside the main block: tracking pixels, carousel clones, repeated images.

* tracking pixels: images declared 0-2 px in both dimensions, or served by a known beacon
  endpoint (``facebook.com/tr``, ``/pixel.gif``, analytics collectors);
* carousel clones: the slides a slider library copies to loop (``slick-cloned``,
  ``swiper-slide-duplicate``, ``cloned``...) repeat slides already in the page;
* repeated images: the same picture (same URL path) shown again, as galleries do with
  thumbnails and responsive layouts with a second copy; the first one is kept;
* invisible frames: an ``<iframe>`` a reader never sees (declared 0-2 px wide or high, hidden
  by its style or ``aria-hidden``, a beacon endpoint) or that shows nothing (no ``src``,
  ``about:blank``: a script fills it). Markdown writes a frame as a link titled by the
  frame, so these came out as stray "Buy With Prime" or "iframe" links; a visible frame (an
  embedded video, a podcast player, a seller's description) stays a link to what it shows.

A removed image takes with it the wrappers that held nothing else (``<a><img></a>`` or a
list item), so no empty link or bullet is left behind.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import HIDDEN_STYLE, has_ancestor_in

# As one selector, so lexbor finds the clones instead of a Python loop over every element.
_CLONES = ", ".join(
    f".{name}"
    for name in (
        "slick-cloned", "swiper-slide-duplicate", "cloned", "glide__slide--clone",
        "splide__slide--clone", "flickity-clone", "carousel-clone",
    )
)  # fmt: skip
_BEACON = re.compile(
    r"facebook\.com/tr\b|/pixel(?:\.gif|\.png|\?|/|$)|doubleclick\.net|google-analytics\.com|"
    r"googletagmanager\.com|bat\.bing\.com|scorecardresearch\.com|/collect\?|"
    r"analytics\.twitter\.com|px\.ads\.linkedin\.com|t\.co/i/adsct"
)  # matched on the lowercased URL: an ignore-case alternation is several times slower
_PIXEL_MAX = 2
# (in a frame's inline style: widgets that load collapsed are written ``height: 0px``)
_STYLE_SIZE = re.compile(r"(?:^|;)\s*(width|height)\s*:\s*(\d+(?:\.\d+)?)px", re.IGNORECASE)
_SOURCE_ATTRS = ("src", "data-src", "data-lazy-src", "data-original")
_SIZE = re.compile(r"\s*(\d+)(?:px)?\s*$")


def _size(value: str | None) -> int | None:
    if not value:
        return None
    match = _SIZE.match(value)
    return int(match.group(1)) if match else None


def _source(img: LexborNode) -> str:
    attrs = img.attributes
    for name in _SOURCE_ATTRS:
        value = attrs.get(name)
        if value and not value.startswith("data:"):
            return value.strip()
    return ""


def _is_pixel(img: LexborNode, src: str) -> bool:
    width, height = _size(img.attributes.get("width")), _size(img.attributes.get("height"))
    if width is not None and height is not None and width <= _PIXEL_MAX and height <= _PIXEL_MAX:
        return True
    return bool(src) and _BEACON.search(src.lower()) is not None


def _invisible_frame(frame: LexborNode) -> bool:
    """A frame nobody sees (0-2 px, hidden, a beacon) or that shows nothing (no page)."""
    attrs = frame.attributes
    src = (attrs.get("src") or attrs.get("data-src") or "").strip().lower()
    if not src or src.startswith(("about:", "javascript:")) or _BEACON.search(src):
        return True
    if attrs.get("aria-hidden") == "true":
        return True
    for name in ("width", "height"):
        size = _size(attrs.get(name))
        if size is not None and size <= _PIXEL_MAX:
            return True
    style = attrs.get("style") or ""
    if HIDDEN_STYLE.search(style):
        return True
    return any(float(value) <= _PIXEL_MAX for _, value in _STYLE_SIZE.findall(style))


def _picture_key(src: str) -> str:
    """The image's identity: its URL without query or fragment (sizes vary by query)."""
    return src.split("#", 1)[0].split("?", 1)[0]


def outermost_holder(img: LexborNode, scope: LexborNode) -> LexborNode:
    """``img`` or its highest ancestor (below ``scope``) that holds nothing but it."""
    node = img
    parent = node.parent
    while (
        parent is not None
        and parent.mem_id != scope.mem_id
        and parent.tag not in ("body", "html")
        and not parent.text(deep=True, strip=True)
        and len(parent.css("img")) == 1
    ):
        node = parent
        parent = node.parent
    return node


def media_removals(scope: LexborNode) -> list[LexborNode]:
    """Image noise under ``scope`` (possibly nested; callers take the topmost)."""
    own = scope.mem_id
    found: list[LexborNode] = [n for n in scope.css(_CLONES) if n.mem_id != own]
    clones = {n.mem_id for n in found}
    seen: set[str] = set()
    for img in scope.css("img"):
        if clones and has_ancestor_in(img, clones):
            continue
        src = _source(img)
        if _is_pixel(img, src):
            found.append(outermost_holder(img, scope))
            continue
        if not src:
            continue
        key = _picture_key(src)
        if key in seen:
            found.append(outermost_holder(img, scope))
        seen.add(key)
    found += [f for f in scope.css("iframe") if _invisible_frame(f)]
    return found
