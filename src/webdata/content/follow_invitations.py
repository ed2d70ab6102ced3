"""Invitations to follow the site elsewhere, standing alone among the text.

Posts and show notes end with lines that ask the reader to come back by another road:
"Join our mailing list! Get a newsletter when an episode is published", "Join the Facebook
group", "Follow us on Instagram", "Help me spread the word about this podcast!", "Get the
best of X, directly in your inbox. Sign up". Written as a paragraph with a bold lead, or
as a box of utility-class ``<div>``s, no heading or class name marks them (the heading rule
of ``boilerplate`` takes "Follow us" / "Subscribe" only as ``<h*>``).

Rule: a short element (at most ``_PHRASE_CHARS``) whose whole text is such an invitation,
and the widest box around it below the block that stays small (at most ``_BOX_CHARS``
characters and 15% of the block, no ``<h1>``: its blurb and its sign-up link), goes; an
inline element (a link, a bold phrase) must open its parent's text (a bold lead-in): "...
make sure to *follow us on Instagram* to stay up to date" is the author's sentence.
"""

from __future__ import annotations

import re
from functools import partial

from selectolax.lexbor import LexborNode

from webdata.content.dom import deep_text, keyword_hits, text_len, widest_while

# (phrases every invitation holds, searched only when the block's text has them)
_WORDS = (
    "inbox", "newsletter", "mailing list", "follow us", "follow me", "like us", "spread the word",
    "join the", "join our", "join my", "subscribe to", "sign up for",
)  # fmt: skip
_INLINE = frozenset({"a", "span", "strong", "b", "em", "i", "u", "small", "label"})
_PHRASE_CHARS = 120
_BOX_CHARS = 250
_SMALL_SHARE = 0.15
_NETWORKS = (
    r"facebook|instagram|twitter|x|linkedin|youtube|tiktok|pinterest|threads|bluesky|"
    r"mastodon|social\s+media|social"
)
_INVITATION = re.compile(
    r"^\W*(?:"
    r"join\s+(?:our|the|my)\s+(?:[\w-]+\s+){0,2}?(?:newsletter|mailing\s+list|e-?mail\s+list|"
    rf"(?:{_NETWORKS})\s+(?:group|page|community))|"
    rf"(?:follow|like)\s+(?:us|me)\s+on\s+(?:{_NETWORKS})\b.{{0,60}}|"
    r"help\s+(?:me|us)\s+spread\s+the\s+word\b.{0,60}|"
    r"(?:subscribe|sign\s+up)\s+(?:to|for)\s+(?:our|my|the)\s+(?:[\w-]+\s+)?"
    r"(?:newsletter|mailing\s+list|podcast|channel)|"
    r"get\s+.{0,60}\b(?:directly|straight|right)\s+(?:in|to)\s+(?:your|you)\s+inbox|"
    r".{0,60}\bdelivered\s+(?:directly\s+|straight\s+|right\s+)?to\s+your\s+inbox"
    r")\W*$",
    re.IGNORECASE,
)


def _leads(node: LexborNode, text: str) -> bool:
    """Whether the inline ``node`` (text ``text``) opens its parent's text: a bold lead-in."""
    parent = node.parent
    return parent is None or deep_text(parent).startswith(text)


def _fits(limit: float, node: LexborNode) -> bool:
    return text_len(node) <= limit and node.css_first("h1") is None


def invitation_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """The follow invitations of ``scope`` (text length ``total``): see the module."""
    out: list[LexborNode] = []
    limit = min(_BOX_CHARS, _SMALL_SHARE * total)
    fits = partial(_fits, limit)
    for node in keyword_hits(scope, _WORDS):
        text = deep_text(node)
        if len(text) > _PHRASE_CHARS or len(text) > limit or not _INVITATION.match(text):
            continue
        if node.tag in _INLINE and not _leads(node, text):
            continue  # (a link or bold phrase inside a sentence stays)
        box = widest_while(node, scope, fits)
        if box is not None:
            out.append(box)
        elif node.tag not in _INLINE:
            out.append(node)
    return out
