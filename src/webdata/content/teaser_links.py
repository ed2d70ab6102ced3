"""The "read more" link of each teaser of a list, in whatever words or language.

Teasers often end with a short link to the item their title already links to ("Read more",
"Read entire review", "Full story", "Lire la suite"): the same words on every card. Known by
structure, not by phrase: a link of at most ``_CTA_MAX_CHARS`` characters whose target is
that of a longer link in the same card (the title), and whose text is the same on at least
``_MIN_CARDS`` cards. A card's own short links to other targets (its category, its author)
differ from card to card or lead elsewhere, and stay; so do short links with a number
("Save $10", "12 reviews"): they carry the item's information.
"""

from __future__ import annotations

from collections import defaultdict

from selectolax.lexbor import LexborNode

from webdata.content.dom import deep_text, elements, near_common_ancestor, text_len

_CTA_MAX_CHARS = 40
_TITLE_CHARS = 15  # the card's title link is at least this long, and longer than the CTA
_CARD_LEVELS = 6  # the CTA and the title sit this close to the card holding both
_CARD_MAX_CHARS = 1500  # a teaser, not a page section
_MIN_CARDS = 3


def page_links(scope: LexborNode) -> list[tuple[LexborNode, str]]:
    """The links under ``scope`` to another page (not in-page, not script), with their
    ``href``: read once for the rules on links (a pass over a block's links costs as much as
    such a rule)."""
    out: list[tuple[LexborNode, str]] = []
    for link in elements(scope, "a[href]"):
        href = link.attrs.get("href") or ""
        if href and not href.startswith(("#", "javascript:")):
            out.append((link, href))
    return out


def read_more_removals(links: list[tuple[LexborNode, str]]) -> list[LexborNode]:
    """Short links repeating, with the same words on at least ``_MIN_CARDS`` cards, the
    target of their card's title link (``links``: :func:`page_links` of the block)."""
    by_href: dict[str, list[LexborNode]] = defaultdict(list)
    for link, href in links:
        by_href[href].append(link)
    by_text: dict[str, list[LexborNode]] = defaultdict(list)
    for same in by_href.values():
        if len(same) < 2:
            continue  # (most targets are linked once: their texts are not read)
        texts = [" ".join(deep_text(a).split()) for a in same]
        longest = max(range(len(texts)), key=lambda i: len(texts[i]))
        title, size = same[longest], len(texts[longest])
        if size < _TITLE_CHARS:
            continue
        for link, text in zip(same, texts, strict=True):
            if not text or len(text) > _CTA_MAX_CHARS or len(text) >= size:
                continue
            if any(c.isdigit() for c in text):
                continue  # a price, a discount, a count or a date: the item's information
            card = near_common_ancestor(link, title, _CARD_LEVELS)
            if card is None or text_len(card) > _CARD_MAX_CHARS:
                continue
            by_text[text.lower()].append(link)
    out: list[LexborNode] = []
    for ctas in by_text.values():
        if len(ctas) >= _MIN_CARDS:
            out += ctas
    return out
