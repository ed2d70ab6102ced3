"""Affiliate buttons inside the main block: "Get a Quote", "View on Amazon", "Check price".

Review and buying-guide pages put a button under each pick that sends the reader to a shop
or a provider, often with a line saying where it leads ("Links to Amazon.com") or the price.
The button is the site's earning link, not the page's text. Sites mark such links for
search engines with ``rel="sponsored"`` or ``rel="nofollow"`` (paid links must carry one),
which holds whatever the class names; the class words (``btn``, ``cta``) are read by other
rules and may say nothing.

Rule: a link whose ``rel`` says ``sponsored`` or ``nofollow``, whose whole text is a short
call to act (a verb of buying or looking first: "Get", "View", "See", "Shop", "Check",
"Try", "Buy", "Book", "Order", "Compare", "Visit"; at most ``_MAX_WORDS`` words), and that
stands alone in its block: the lowest block element around it adds at most
``_ADDED_CHARS`` characters (the "Links to X" line, a price). That block goes. A link in
a sentence ("we bought ours at <a rel=nofollow>Get Outdoors</a> last May") is not alone in
its block and stays; a user's link in a forum post says a name or an address, not a call.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import deep_text, elements, text_len

_RELS = frozenset({"sponsored", "nofollow"})
_CALL = re.compile(
    r"^(?:get|view|see|shop|check|try|buy|book|order|compare|visit)\b", re.IGNORECASE
)
_MAX_WORDS = 6
_MAX_CHARS = 40
_ADDED_CHARS = 40
_BLOCKS = frozenset(
    {"div", "p", "li", "td", "th", "dd", "section", "figure", "figcaption", "center"}
)
_LEVELS = 4  # how far up the button's block may be (inline wrappers: span, strong, em)


def _is_button(link: LexborNode) -> bool:
    rel = (link.attributes.get("rel") or "").lower().split()
    if _RELS.isdisjoint(rel):
        return False
    said = " ".join(deep_text(link).split())
    return (
        0 < len(said) <= _MAX_CHARS
        and len(said.split()) <= _MAX_WORDS
        and _CALL.match(said) is not None
    )


def _block(link: LexborNode, scope: LexborNode) -> LexborNode | None:
    """The lowest block element around ``link`` below ``scope``, when it holds little else."""
    size = text_len(link)
    current = link.parent
    for _ in range(_LEVELS):
        if current is None or current.mem_id == scope.mem_id:
            return None
        if current.tag in _BLOCKS:
            return current if text_len(current) - size <= _ADDED_CHARS else None
        current = current.parent
    return None


def affiliate_button_removals(scope: LexborNode) -> list[LexborNode]:
    """The blocks of the affiliate buttons under ``scope``."""
    found: list[LexborNode] = []
    for link in elements(scope, "a[rel]"):
        if _is_button(link):
            block = _block(link, scope)
            if block is not None:
                found.append(block)
    return found
