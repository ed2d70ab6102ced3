"""Promotion banners around a shop's product grid.

Category pages carry the shop's current offer above or below the grid: "Spring Setup Sale.
Use coupon code SPRING at checkout. Sale ends 03/31", "15% off all sofas. This offer is
valid thru 3/15". A banner is told by its words, whatever its markup: on a page holding a
grid of product cards (:func:`grid_promos.product_grids`), a block outside the grids of at
most ``_MAX_CHARS`` whose text (with its pictures' alt text, where banners often write their
offer) says at least ``_MIN_CUES`` different kinds of promotion goes: a coupon code, a
discount ("20% off", "save $100"), an offer's end ("sale ends", "valid thru"), a condition
("while supplies last", "terms apply", "limited time", "free shipping"). One cue alone is a
card's or a heading's ("Save 25%"), and is left alone.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import ancestor_ids, deep_text, has_ancestor_in, text_len, topmost
from webdata.content.grid_promos import Grid

_CUES = tuple(
    re.compile(pattern, re.IGNORECASE)
    for pattern in (
        r"\b(?:coupon|promo|discount)\s+code\b|\buse\s+code\b",
        r"\b\d{1,2}\s?%\s+off\b|\bup\s+to\s+\d{1,2}\s?%|\bsave\s+(?:up\s+to\s+)?[$\u20ac\u00a3]?\d",
        r"\b(?:sale|offer|deal|promotion)s?\s+(?:ends?|is\s+valid|valid|expires?)\b"
        r"|\bvalid\s+(?:thru|through|until|till)\b",
        r"\bwhile\s+supplies\s+last\b|\bterms\s+(?:and\s+conditions\s+)?apply\b"
        r"|\bterms\s*&\s*conditions\b|\blimited[- ]time\b|\bfree\s+shipping\b",
    )
)
_MIN_CUES = 2
_MIN_CHARS = 20
_MAX_CHARS = 500  # a banner: a headline, a line or two and the small print
_BLOCKS = "div, section, aside, p, li, a"


def _cues(node: LexborNode) -> int:
    alts = " ".join(img.attrs.get("alt") or "" for img in node.css("img[alt]"))
    text = f"{deep_text(node)} {alts}"
    return sum(1 for cue in _CUES if cue.search(text))


def promo_banner_removals(scope: LexborNode, grids: list[Grid]) -> list[LexborNode]:
    """Promotion banners under ``scope`` beside its product ``grids``."""
    if not grids:
        return []
    around: set[int] = set()  # the grids and their wrappers: not banners
    for grid in grids:
        around |= ancestor_ids(grid.node)
    within = {grid.node.mem_id for grid in grids}
    out: list[LexborNode] = []
    for node in scope.css(_BLOCKS):
        if node.mem_id in around or not _MIN_CHARS <= text_len(node) <= _MAX_CHARS:
            continue
        if has_ancestor_in(node, within) or _cues(node) < _MIN_CUES:
            continue
        out.append(node)
    return topmost(out)
