"""Alt text of the pictures of cards laid out as a grid with ``<div>``s.

Marketing and product pages show their features, customer stories and team as grids of
cards: a picture, a heading, a line or two and a link, each card a ``<div>`` beside others
of the same kind. The picture's alt describes a stock photo ("A woman holding a tablet.",
"Mark Hughes smiling") and says nothing the card's heading does not. ``thumbnail_alts``
empties the alts of cards that are links or list items; this does the same for a picture
whose card (its nearest ancestor holding a heading) sits among at least ``_MIN_CARDS``
siblings of the same tag that also hold a picture and a heading. Pictures without a heading
beside them (an article's figures, a gallery) keep their alt.
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.dom import text_len

_CARD_HEADINGS = "h2, h3, h4, h5, h6"
_CARD_LEVELS = 8  # a card (or its column) sits within a few wrappers (media, ratio, asset)
_MIN_CARDS = 3
_CARD_CHARS = 600  # a card is a title and a blurb; a section with a picture is longer


def _is_card(node: LexborNode) -> bool:
    return (
        text_len(node) <= _CARD_CHARS
        and node.css_first("img") is not None
        and node.css_first(_CARD_HEADINGS) is not None
    )


def _in_grid(img: LexborNode, block: LexborNode, grids: dict[int, dict[str | None, int]]) -> bool:
    """Whether an ancestor of ``img`` within ``_CARD_LEVELS`` (below ``block``) is a card
    with at least ``_MIN_CARDS - 1`` sibling cards of its tag (grids wrap each card in a
    column, so the repeated unit may be the card's wrapper). ``grids``: cards per tag among
    the children of each parent looked at (counted once per parent)."""
    current = img.parent
    for _ in range(_CARD_LEVELS):
        if current is None or current.mem_id == block.mem_id:
            return False
        parent = current.parent
        if parent is None or text_len(current) > _CARD_CHARS:
            return False
        cards = grids.get(parent.mem_id)
        if cards is None:
            cards = grids[parent.mem_id] = {}
            for child in parent.iter():
                if _is_card(child):
                    cards[child.tag] = cards.get(child.tag, 0) + 1
        if cards.get(current.tag, 0) >= _MIN_CARDS and _is_card(current):
            return True
        current = parent
    return False


def clear_card_alts(block: LexborNode) -> None:
    """Empty the ``alt`` of pictures of cards in a grid under ``block``."""
    grids: dict[int, dict[str | None, int]] = {}
    for img in block.css("img[alt]"):
        if (img.attributes.get("alt") or "").strip() and _in_grid(img, block, grids):
            img.attrs["alt"] = ""
