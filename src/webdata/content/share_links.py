"""Share buttons written as links: "Facebook", "X", "WhatsApp", "Email" under a post.

Recognised by where they lead, not by their classes: the share endpoints of social networks
(``facebook.com/sharer``, ``twitter.com/intent/tweet``, ``linkedin.com/shareArticle``,
``pinterest.com/pin/create``, ``wa.me/?text=``, ``reddit.com/submit``, ``mailto:?subject=``...).
Such a link asks the reader to post the page elsewhere; it is never the page's content. The
line holding only such links (and a short label, "Share this:") goes with them.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import link_hits, text_len

_SHARE = re.compile(
    r"(?:facebook\.com/(?:sharer|share\.php|dialog/share)|(?:twitter|x)\.com/(?:intent/|share\b)|"
    r"linkedin\.com/(?:sharearticle|shareArticle|sharing/share-offsite|cws/share)|"
    r"pinterest\.[a-z.]+/pin/create|reddit\.com/submit|(?:api\.)?whatsapp\.com/send|wa\.me/\?|"
    r"t\.me/share|telegram\.me/share|tumblr\.com/(?:share|widgets/share)|"
    r"pocket\.com/save|getpocket\.com/(?:save|edit)|news\.ycombinator\.com/submitlink|"
    r"bsky\.app/intent|threads\.net/intent|vk\.com/share|xing\.com/(?:spi/)?shares?|"
    r"mix\.com/add|flipboard\.com/bookmarklet|"
    r"^mailto:\?(?:subject|body)=)",
    re.IGNORECASE,
)
# (the candidates: links whose address holds one of these, in any ASCII case)
_PARTS = (
    "sharer", "share", "intent/", "pin/create", "submit", "whatsapp", "wa.me", "mailto:?",
    "pocket", "bookmarklet", "mix.com/add",
)  # fmt: skip
_LABEL_CHARS = 20  # text beside the links: "Share this:", separators
_MAX_LEVELS = 4


def _share_text(node: LexborNode) -> int:
    return sum(
        text_len(a) for a in node.css("a[href]") if _SHARE.search(a.attributes.get("href") or "")
    )


def share_link_removals(scope: LexborNode) -> list[LexborNode]:
    """Share links under ``scope``, each with the line it fills."""
    out: list[LexborNode] = []
    for link in link_hits(scope, _PARTS):
        if not _SHARE.search(link.attributes.get("href") or ""):
            continue
        best = link
        current = link.parent
        for _ in range(_MAX_LEVELS):
            if current is None or current.mem_id == scope.mem_id:
                break
            if text_len(current) - _share_text(current) > _LABEL_CHARS:
                break
            best = current
            current = current.parent
        out.append(best)
    return out
