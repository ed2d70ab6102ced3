"""Titles of accordion sections are kept from the control rule.

The control rule drops buttons with text (they are the page's widgets: "Add to cart", "Load
more"). An accordion's header is a button too ("How to Choose a Backpacking Stove", "Unpacking
the Essentials of Carry-On Luggage"), and its panel (kept: its text is the page's) reads
under no title without it. A header is told from a widget by what it opens: a button marked
``aria-expanded`` whose ``aria-controls`` panel, found beside it (a next sibling of the button
or of one of its two wrappers, or the first element down such a sibling), holds prose (120+
characters, under half of it links; not a filter's list of options nor a mega menu of links);
its own text is a title (3+ words, at most 120 characters).
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.dom import link_text_len, text_len

_TITLE_MIN_WORDS = 3
_TITLE_MAX_CHARS = 120
_PANEL_MIN_CHARS = 120
_PANEL_LINKS = 0.5
_LEVELS = 3  # the button and its two wrappers (a heading, the header)
_SIBLINGS = 3  # next element siblings read at each level
_DEPTH = 3  # first elements down a sibling (a panel's container)


def accordion_title(node: LexborNode) -> bool:
    """Whether the button ``node`` is the title of an accordion section of prose."""
    attrs = node.attributes
    if attrs.get("aria-expanded") is None:
        return False
    target = (attrs.get("aria-controls") or "").split()
    if not target:
        return False
    text = node.text(deep=True, strip=True)
    if len(text) > _TITLE_MAX_CHARS or len(text.split()) < _TITLE_MIN_WORDS:
        return False
    panel = _panel(node, target[0])
    if panel is None:
        return False
    size = text_len(panel)
    return size >= _PANEL_MIN_CHARS and link_text_len(panel) < _PANEL_LINKS * size


def _panel(node: LexborNode, target: str) -> LexborNode | None:
    """The element of id ``target`` beside ``node`` (a bounded walk: never the page's)."""
    current: LexborNode | None = node
    for _ in range(_LEVELS):
        if current is None:
            return None
        sibling = current.next
        seen = 0
        while sibling is not None and seen < _SIBLINGS:
            if sibling.tag != "-text":
                seen += 1
                if (found := _first_down(sibling, target)) is not None:
                    return found
            sibling = sibling.next
        current = current.parent
    return None


def _first_down(node: LexborNode, target: str) -> LexborNode | None:
    current: LexborNode | None = node
    for _ in range(_DEPTH):
        if current is None:
            return None
        if current.attributes.get("id") == target:
            return current
        current = next((c for c in current.iter() if c.tag != "-text"), None)
    return None
