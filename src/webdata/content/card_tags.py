"""Tag rows of list items are kept from the link-list rule.

A listing's items (a directory of products, apps, posts) often carry a short row of topic
links ("Productivity • Developer Tools • GitHub") beside their name and tagline. The
link-list rule (dense links, several anchors) takes such a row for a menu. A row is told from
a menu by what it holds and by its place: three or more short word-only links (no digits: not
a byline's date or a counter) to as many pages, in one item among look-alike sibling items
(same tag and class) each holding a row of the same tag and class, the item saying more than
the row.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import text_len

_ROW_MAX_CHARS = 150  # a row of a few topics, not a menu
_LEVELS = 4  # from the row up to its item
_ITEM_MAX_CHARS = 1000  # an item, not a section
_ITEM_EXTRA_CHARS = 20  # the item's own words beside the row (its name, its tagline)
_MIN_ITEMS = 3  # the item and two look-alikes holding such a row
_SIBLINGS_READ = 8  # look-alike siblings read at most (a long list is not read whole)
_MIN_TAGS = 3
_TAG_MAX_CHARS = 30
_DIGIT = re.compile(r"\d")


def _signature(node: LexborNode) -> tuple[str, str]:
    return node.tag or "", node.attributes.get("class") or ""


def _holds(item: LexborNode, row: tuple[str, str]) -> bool:
    tag, cls = row
    return any((n.attributes.get("class") or "") == cls for n in item.css(tag) if n.tag == tag)


def card_tag_row(node: LexborNode) -> bool:
    """Whether the link list ``node`` is the tag row of one item of a list of look-alikes."""
    size = text_len(node)
    if size > _ROW_MAX_CHARS or not node.attributes.get("class"):
        return False
    if not _tags(node):
        return False
    row = _signature(node)
    current = node.parent
    for _ in range(_LEVELS):
        if current is None or current.parent is None:
            return False
        item_size = text_len(current)
        if item_size > _ITEM_MAX_CHARS:
            return False
        if item_size >= size + _ITEM_EXTRA_CHARS and _look_alikes(current, row):
            return True
        current = current.parent
    return False


def _tags(node: LexborNode) -> bool:
    """Whether ``node``'s links are 3+ short word-only topics leading to as many pages."""
    targets: set[str] = set()
    anchors = node.css("a")
    for a in anchors:
        text = a.text(deep=True, strip=True)
        if not text or len(text) > _TAG_MAX_CHARS or _DIGIT.search(text):
            return False
        targets.add((a.attributes.get("href") or "").strip())
    return len(anchors) >= _MIN_TAGS and len(targets) >= _MIN_TAGS


def _look_alikes(item: LexborNode, row: tuple[str, str]) -> bool:
    """Whether ``item`` has look-alike siblings (same tag and class) holding such a row."""
    parent = item.parent
    if parent is None:
        return False
    own = _signature(item)
    found = read = 0
    for sibling in parent.iter():
        if sibling.mem_id == item.mem_id or _signature(sibling) != own:
            continue
        read += 1
        if text_len(sibling) <= _ITEM_MAX_CHARS and _holds(sibling, row):
            found += 1
            if found + 1 >= _MIN_ITEMS:
                return True
        if read >= _SIBLINGS_READ:
            return False
    return False
