"""Stock, variant and offer stamps printed on every card of a product grid.

Shop grids stamp each card with the same small status or pointer: its stock ("In stock",
"Out of stock", "Sold out", "Pre-order now"), a pointer to its variants ("More options",
"More options from $X - $Y", "Available in other styles"), a teaser's link out
("Read full article") or a caption over the card's offers ("Ways to save"). A reader of the
list reads the items, not the stamps, and the stamp says nothing once the grid is text.

An element (a caption, a legend, a small heading, a paragraph...) whose whole text is such a
stamp is dropped, raised to the outermost wrapper holding nothing else, when it sits in a
card (inside a link, or within a few levels of a picture) and the same stamp stands on at
least ``_MIN_REPEATS`` cards: a lone "In stock" on a product page, or in prose, stays.
Found by text, not class. "Low stock" is not a stamp here (it tells the reader which items
are scarce).
"""

from __future__ import annotations

import re
from collections import defaultdict
from itertools import islice

from selectolax.lexbor import LexborNode

from webdata.content.dom import lowered_text, phrase_hits, topmost
from webdata.content.listing_noise import in_card

_STAMP = re.compile(
    r"^\W*(?:"
    r"pre-?\s?order(?:\s+now)?|(?:in|en)\s+stock|out\s+of\s+stock|sold\s+out|"
    r"(?:more|other)\s+options(?:\s+from\b.{0,40})?|"
    r"available\s+in\s+(?:other|more)\b.{0,50}|"
    r"read\s+(?:the\s+)?full\s+(?:article|story|review|post)|ways\s+to\s+save"
    r")\W*$",
    re.IGNORECASE,
)
# lowercase words, one of which every stamp holds (lexbor finds the elements holding them)
_WORDS = ("stock", "order", "sold", "options", "available", "read", "save")
# what every stamp holds, looked for in the block's text before its lines are read
_CUES = (
    "in stock",
    "en stock",
    "out of stock",
    "sold out",
    "pre-order",
    "preorder",
    "pre order",
    "more options",
    "other options",
    "available in",
    "read full",
    "ways to save",
)
_MAX_CHARS = 60
_MIN_REPEATS = 3
_WRAPPER_CHILDREN = 4
_KEY = re.compile(r"^\W*(?:more|other)\s+options\s+from\b", re.IGNORECASE)


def _outermost(node: LexborNode, text: str, scope: LexborNode) -> LexborNode:
    """The outermost wrapper of ``node`` below ``scope`` holding nothing but ``text``."""
    best = node
    current = node.parent
    while current is not None and current.mem_id != scope.mem_id:
        if next(islice(current.iter(), _WRAPPER_CHILDREN, None), None) is not None:
            break
        if " ".join(current.text(deep=True, strip=True).split()) != text:
            break
        best = current
        current = current.parent
    return best


def _own_text(node: LexborNode) -> str:
    """The text of ``node`` outside its child elements (a stamp with a screen reader's copy
    of the item's name tucked in: "More options<span>UPPLAND</span>"). Not read for a link:
    its whole text names its target ("Read full article: How to pitch a tent")."""
    return " ".join(node.text(deep=False, strip=True).split())


def _key(text: str) -> str:
    """Stamps that are the same: their text, but for "More options from $X - $Y" the opening
    (each card names its own prices)."""
    lowered = text.lower()
    return "options from" if _KEY.match(lowered) else lowered


# (the last block text lowered: the follow invitations' rule reads the same block's text
# lowered; held with the text it came from, checked by identity: the memo of ``deep_text``
# hands out one string per block)
def _worth_a_look(scope: LexborNode) -> bool:
    """Whether at least ``_MIN_REPEATS`` lines (text nodes) of the block are stamps: most
    blocks have none, and are spared the element-by-element pass."""
    text = lowered_text(scope)
    if sum(text.count(cue) for cue in _CUES) < _MIN_REPEATS:
        return False  # (the block's text, read already by the other rules: no line holds one)
    lines = scope.text(deep=True, separator="\n", strip=True).split("\n")
    hits = 0
    for line in lines:
        if len(line) <= _MAX_CHARS and _STAMP.match(line) is not None:
            hits += 1
            if hits >= _MIN_REPEATS:
                return True
    return False


def card_stamp_removals(scope: LexborNode) -> list[LexborNode]:
    """Stamps repeated on at least ``_MIN_REPEATS`` cards of the block."""
    found: dict[str, list[LexborNode]] = defaultdict(list)
    if not _worth_a_look(scope):
        return []
    for node, text in phrase_hits(scope, _WORDS, _MAX_CHARS):
        line = " ".join(text.split())
        stamp = line if _STAMP.match(line) or node.tag == "a" else _own_text(node)
        if _STAMP.match(stamp) is None:
            continue
        node = _outermost(node, line, scope)
        if in_card(node):  # a stamp this close to a picture or inside a link is a card's
            found[_key(stamp)].append(node)
    out: list[LexborNode] = []
    for nodes in found.values():
        top = topmost(nodes)
        if len(top) >= _MIN_REPEATS:
            out += top
    return out
