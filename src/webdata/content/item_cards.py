"""Item cards are kept from the link-list rule.

A shop's product card is often links only: the picture, the name, the rating and the price
each link to the product. The link-list rule (dense links, several anchors) takes such a card
for a menu. A card is told from a menu by where its links lead and by its siblings: one
product (its name, a long link, and another link lead there; at most one link, a badge, leads
elsewhere; in-page and script links do not count), with a picture, among at least two sibling
cards leading elsewhere. A row whose children are such cards is left alone too.
"""

from __future__ import annotations

from collections import Counter
from urllib.parse import urlsplit

from selectolax.lexbor import LexborNode

from webdata.content.dom import text_len

_MAX_CHARS = 600  # a card, not a section
_NAME_CHARS = 25  # a product's name, not a menu entry
_MIN_SIBLINGS = 2


def _target(href: str) -> str | None:
    """The page a link leads to (no query, no fragment); None for in-page and script links."""
    href = href.strip()
    if not href or href.startswith(("#", "javascript:")):
        return None
    parts = urlsplit(href)
    return f"{parts.netloc}{parts.path}"


def _card_target(node: LexborNode) -> str | None:
    """The page a card's links lead to, or None when ``node`` is not such a card: its
    longest link (the name, 25+ chars) and at least one other lead there, and at most one
    link elsewhere (a badge's 'Limited time deal')."""
    if node.css_first("img, picture") is None or text_len(node) > _MAX_CHARS:
        return None
    targets: Counter[str] = Counter()
    name, name_target = 0, None
    for a in node.css("a"):
        target = _target(a.attributes.get("href") or "")
        if target is None:
            continue
        targets[target] += 1
        size = text_len(a)
        if size > name:
            name, name_target = size, target
    if name < _NAME_CHARS or name_target is None or targets[name_target] < 2:
        return None
    if sum(targets.values()) - targets[name_target] > 1:
        return None
    return name_target


def _is_item_card(node: LexborNode) -> bool:
    own = _card_target(node)
    parent = node.parent
    if own is None or parent is None:
        return False
    others = 0
    for sibling in parent.iter():
        if sibling.mem_id == node.mem_id or sibling.tag != node.tag:
            continue
        target = _card_target(sibling)
        if target is not None and target != own:
            others += 1
            if others >= _MIN_SIBLINGS:
                return True
    return False


_LEVELS = 4  # wrappers of a card's whole text, up to the card


def _whole_card(node: LexborNode) -> bool:
    """Whether ``node`` is an item card or wraps one's whole text (rules inside a card,
    its buttons and badges, are left alone)."""
    size = text_len(node)
    current: LexborNode | None = node
    for _ in range(_LEVELS):
        if current is None or text_len(current) > size:
            return False
        if _is_item_card(current):
            return True
        current = current.parent
    return False


def _card_grid(node: LexborNode) -> bool:
    """Whether ``node``'s children are item cards leading to 3+ different pages, all but
    one at most."""
    targets: set[str] = set()
    children = 0
    for child in node.iter():
        children += 1
        target = _card_target(child)
        if target is not None:
            targets.add(target)
    return len(targets) >= 3 and len(targets) >= children - 1


def whole_item_card(node: LexborNode) -> bool:
    """Whether the link-list rule should leave ``node`` alone: an item card, a wrapper of
    one's whole text, or a row of them."""
    return _whole_card(node) or _card_grid(node)
