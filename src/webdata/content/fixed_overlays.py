"""Fixed-position overlays: bars and prompts pinned to the viewport over the page.

An element positioned ``fixed`` stays on screen while the page scrolls under it: cookie
notices, "see our site in your region" prompts, chat launchers, sticky buy bars, back-to-top
buttons. None of it is the page's content. The position is read from the markup: an inline
``position: fixed``, Tailwind's ``fixed`` with an edge or layer utility (``fixed bottom-0
z-50``), Bootstrap's ``position-fixed`` / ``fixed-top`` / ``fixed-bottom``.

Only small elements go (at most ``_SMALL_SHARE`` of the block's text): some apps pin their
whole scrolling view (``fixed inset-0 overflow-y-auto``), and that view is the content.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import text_len

_SMALL_SHARE = 0.3
_FIXED_STYLE = re.compile(r"position\s*:\s*fixed", re.IGNORECASE)
# Tailwind's ``fixed`` means the position only beside where to pin it (``fixed`` alone is
# a word other stylesheets use for fixed widths or table layouts).
_PIN = re.compile(r"^-?(?:top|bottom|left|right|inset|inset-x|inset-y|z)-")
_BOOTSTRAP = frozenset({"position-fixed", "fixed-top", "fixed-bottom"})
_CANDIDATES = '[style*="fixed" i], .fixed, .position-fixed, .fixed-top, .fixed-bottom'


def _pinned(node: LexborNode) -> bool:
    attrs = node.attributes
    if _FIXED_STYLE.search(attrs.get("style") or ""):
        return True
    tokens = (attrs.get("class") or "").split()
    if _BOOTSTRAP.intersection(tokens):
        return True
    return "fixed" in tokens and any(_PIN.match(t) for t in tokens)


def overlay_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """Small fixed-position elements under ``scope`` (text length ``total``)."""
    own = scope.mem_id
    limit = _SMALL_SHARE * total
    return [
        n for n in scope.css(_CANDIDATES) if n.mem_id != own and _pinned(n) and text_len(n) <= limit
    ]
