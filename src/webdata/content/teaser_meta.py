"""The dates stamped on each teaser of a list (blog and news indexes, event and search lists).

``listing_noise.teaser_date_removals`` reads dates only on blocks made mostly of links; many
indexes are not (each teaser carries its excerpt), so their dates stay. Here the list is
known by its structure instead: a date that stands alone in a card, the card one of at least
``_MIN_CARDS`` siblings of the same markup (tag and classes) holding a date each, each card a
teaser (a title link of its own, short). Dates are the teasers' meta, not their text
("Feb 9, 2026", "6 Mar 2026", "Mar 7", "3 months ago"). A date that links elsewhere than
the card's title (a post's permalink on a thread) and one that is part of a line stay.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict

from selectolax.lexbor import LexborNode

from webdata.content.dom import contains, deep_text, line_text, text_len, topmost
from webdata.content.forum_noise import is_thread_page

_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
_DATE = re.compile(
    r"^\W*(?:(?:published|posted)(?:\s+on)?\s*:?\s*)?(?:"
    r"\d+\s+(?:sec|second|min|minute|hour|hr|day|week|month|year)s?\s+ago|"
    r"(?:a|an|one)\s+(?:minute|hour|day|week|month|year)\s+ago|yesterday|"
    rf"{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?|"
    rf"\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH},?(?:\s+\d{{4}})?|"
    r"\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./]\d{2,4}"
    r")\W*$",
    re.IGNORECASE,
)
_MAX_CHARS = 40
_WORD = re.compile(r"\w")
_INLINE = frozenset({"span", "a", "small", "strong", "b", "em", "i", "time", "abbr", "font"})
_TAGS = "time, span, div, p, small, li, a, dd"
_MIN_CARDS = 3
_CARD_LEVELS = 6  # a date sits this close to its card
_CARD_MAX_CHARS = 1200  # a teaser: title, excerpt, meta (a forum post or an article is longer)
_TITLE_CHARS = 15  # a link this long in the card is its title


def _signature(node: LexborNode) -> tuple[str, str]:
    return node.tag or "", " ".join(sorted((node.attrs.get("class") or "").split()))


def _repeated(node: LexborNode, cache: dict[int, Counter[tuple[str, str]]]) -> bool:
    """Whether ``node`` has at least ``_MIN_CARDS`` - 1 siblings of the same markup."""
    parent = node.parent
    if parent is None:
        return False
    key = parent.mem_id
    counts = cache.get(key)
    if counts is None:
        counts = cache[key] = Counter(_signature(c) for c in parent.iter() if c.is_element_node)
    return counts[_signature(node)] >= _MIN_CARDS


def _card(
    node: LexborNode, scope_id: int, cache: dict[int, Counter[tuple[str, str]]]
) -> LexborNode | None:
    """The repeated card holding ``node``: its nearest ancestor with siblings like it."""
    current = node.parent
    for _ in range(_CARD_LEVELS):
        if current is None or current.mem_id == scope_id:
            return None
        if _repeated(current, cache):
            return current
        current = current.parent
    return None


def _title_hrefs(card: LexborNode, date: LexborNode) -> set[str] | None:
    """Targets of the card's title links (long texts, not the date), or None when it has none
    or is too long to be a teaser."""
    if text_len(card) > _CARD_MAX_CHARS:
        return None
    hrefs = {
        a.attrs.get("href") or ""
        for a in card.css("a[href]")
        if text_len(a) >= _TITLE_CHARS and not contains(date, a)
    }
    return hrefs or None


def _alone(node: LexborNode) -> bool:
    """Whether ``node`` stands alone: no text of its parent's own beside it, and, when it is
    inline, no inline words next to it ("12/09/2025 | Source", "By Jane Doe • Dec. 4, 2025":
    the date is part of a line of the item, a field)."""
    parent = node.parent
    if parent is None or parent.text(deep=False, strip=True):
        return False
    if node.tag not in _INLINE:
        return True
    return not (_inline_words(node.prev, previous=True) or _inline_words(node.next))


def _inline_words(sibling: LexborNode | None, *, previous: bool = False) -> bool:
    """Whether the nearest element on one side is inline and holds words (not a date)."""
    while sibling is not None and not sibling.is_element_node:
        sibling = sibling.prev if previous else sibling.next
    if sibling is None or sibling.tag not in _INLINE:
        return False
    text = " ".join(deep_text(sibling).split())
    return bool(text) and _WORD.search(text) is not None and not _DATE.match(text)


def _outermost(node: LexborNode, text: str, scope_id: int) -> LexborNode:
    """The outermost wrapper of ``node`` below the scope holding nothing but ``text``."""
    parent = node.parent
    while (
        parent is not None
        and parent.mem_id != scope_id
        and " ".join(deep_text(parent).split()) == text
    ):
        node, parent = parent, parent.parent
    return node


def card_date_removals(scope: LexborNode) -> list[LexborNode]:
    """Dates standing alone on at least ``_MIN_CARDS`` teasers of one list under ``scope``."""
    lines = line_text(scope).split("\n")  # (read by listing_removals just before: remembered)
    if sum(1 for x in lines if len(x) <= _MAX_CHARS and _DATE.match(x)) < _MIN_CARDS:
        return []  # (most pages: no element is read)
    if is_thread_page(scope):
        return []  # a thread's posts are dated by their posters, and their dates are kept
    own = scope.mem_id
    cache: dict[int, Counter[tuple[str, str]]] = {}
    groups: dict[int, list[LexborNode]] = defaultdict(list)
    for node in scope.css(_TAGS):
        if node.mem_id == own:
            continue
        text = deep_text(node)
        if not text or len(text) > _MAX_CHARS:
            continue
        text = " ".join(text.split())
        if not _DATE.match(text):
            continue
        node = _outermost(node, text, own)
        if not _alone(node):
            continue
        card = _card(node, own, cache)
        if card is None:
            continue
        titles = _title_hrefs(card, node)
        if titles is None:
            continue
        link = node if node.tag == "a" else node.css_first("a[href]")
        if link is not None and (link.attrs.get("href") or "") not in titles:
            continue  # a permalink of its own (a thread's post), not the teaser's
        parent = card.parent
        if parent is not None:
            groups[parent.mem_id].append(node)
    out: list[LexborNode] = []
    for nodes in groups.values():
        top = topmost(nodes)
        if len(top) >= _MIN_CARDS:
            out += top
    return out
