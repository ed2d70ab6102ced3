"""Shops' assurance strips: a row of icons with a word on delivery, returns, payment, help.

Shops put a strip of service promises on their category and product pages: an icon and a
line or two per promise ("Livraison offerte dès 299€ / En France métropolitaine", "Click &
Collect", "Delivery: shop from home and get it delivered", "Financing options",
"Assembly"). They are the shop's, the same on every page, not the items or the text of this
one; class names (``c-footer__reass``, hashed ``c3m3un1``) say nothing reliable.

Rule: an element with at least ``_MIN_ITEMS`` element children that are all items (each
an icon, ``<svg>`` or ``<img>``, and 4 to ``_ITEM_CHARS`` characters of text), at least
two thirds of them naming a service (delivery, shipping, returns, payment, financing, assembly,
pick-up, secure checkout, customer service; English, French, German, Spanish, Italian words)
of at least two different kinds, the whole at most ``_STRIP_CHARS`` characters and 15% of
the block, goes.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import deep_text, text_len

_MIN_ITEMS = 3
_ITEM_CHARS = 100
_STRIP_CHARS = 700
_SMALL_SHARE = 0.15
_ICONS = "svg, img"
_KINDS = (
    ("deliver", re.compile(
        r"deliver|shipping|\bship|dispatch|livraison|livr[ée]|versand|lieferung|env[ií]o|"
        r"spedizion|consegna")),
    ("return", re.compile(
        r"\breturns?\b|retours?\b|r[üu]ckgabe|devoluci|\bexchanges?\b|refund|rembours|reso\b")),
    ("payment", re.compile(
        r"payment|\bpay\b|paiement|zahlung|\bpago|pagament|financ|instal+ments?|credit|"
        r"checkout|secure|s[ée]curis|sicher|segur")),
    ("pickup", re.compile(
        r"click\s*(?:&|and|\+)\s*collect|pick[\s-]?up|in[\s-]store|retrait|abholung|"
        r"recogida|ritiro")),
    ("service", re.compile(
        r"assembl|montage|install|warrant|guarant|garanti|customer\s+(?:service|care|support)|"
        r"service\s+client|kundenservice|atenci[oó]n\s+al\s+cliente|support|expert|advice|"
        r"conseil|beratung")),
)  # fmt: skip


def _kinds(text: str) -> set[str]:
    return {kind for kind, pattern in _KINDS if pattern.search(text)}


def _item(node: LexborNode) -> bool:
    size = text_len(node)
    return 4 <= size <= _ITEM_CHARS and node.css_first(_ICONS) is not None


def assurance_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """The assurance strips of ``scope`` (text length ``total``): see the module."""
    out: list[LexborNode] = []
    limit = min(_STRIP_CHARS, _SMALL_SHARE * total)
    seen: set[int] = set()
    top = scope.mem_id
    for icon in scope.css(_ICONS):
        # (strips are found from their icons: an item's icon is at most three levels down)
        item = icon.parent
        for _ in range(3):
            if item is None or item.mem_id == top:
                break
            strip = item.parent
            if strip is None:
                break
            key = strip.mem_id
            if key == top or key in seen:
                break
            seen.add(key)
            size = text_len(strip)
            if size > limit:
                break  # (its ancestors' texts hold its text: too long as well)
            # (under ``_MIN_ITEMS`` items of 4 characters or more: no strip)
            if size >= 4 * _MIN_ITEMS and _strip(strip):
                out.append(strip)
                break
            item = strip
    return out


def _strip(node: LexborNode) -> bool:
    """Whether ``node`` (of text short enough) is a strip of items naming services."""
    items = [child for child in node.iter() if child.tag not in ("-text", "-comment")]
    if len(items) < _MIN_ITEMS or not all(_item(child) for child in items):
        return False
    kinds = [_kinds(deep_text(child).lower()) for child in items]
    named = sum(1 for found in kinds if found)
    if 3 * named < 2 * len(items) or len(set().union(*kinds)) < 2:
        return False
    return node.css_first("h1") is None
