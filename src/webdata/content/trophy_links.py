"""Posters' trophies beside each post of a thread, known by where their links lead.

Forum software shows a poster's trophies or badges as small images, each linking to the
trophy's page (``/trophies/novice.36/``, ``/badges/helper``, ``/awards/3``) and titled with
its name ("Novice", "Storage Expert"): the titles reach the text, one set per post.
``forum_noise`` finds them by class (``badge``); hashed classes hide that. On thread pages, a
link holding an image and no text whose address has a segment naming trophies, badges,
awards or achievements goes.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import link_hits, text_len
from webdata.content.forum_noise import is_thread_page

_WORDS = ("troph", "badge", "award", "achievement")
# a path segment naming them: "/trophies/novice.36/", "/badges/3", "?badge=helper"
_SEGMENT = re.compile(
    r"(?:^|[/?&=])(?:troph(?:y|ies)|badges?|awards?|achievements?)(?:[/?&=.]|$)", re.I
)


def trophy_link_removals(scope: LexborNode) -> list[LexborNode]:
    """Image links to a trophy's or badge's page under ``scope``, on thread pages."""
    if not is_thread_page(scope):
        return []
    found = []
    for link in link_hits(scope, _WORDS, once=True):
        href = link.attrs.get("href") or ""
        path = href.split("//", 1)[1].partition("/")[2] if "//" in href else href.lstrip("/")
        if not _SEGMENT.search(path) or text_len(link) > 0:
            continue
        if link.css_first("img, svg") is not None:
            found.append(link)
    return found
