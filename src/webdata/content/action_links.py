"""Links standing alone that only invite the reader elsewhere: "Explore Azure solutions",
"Browse 2M+ models", "Visit the ENERGY STAR website", "Go to GitHub", "Follow us", "Book
demo", "Claim your $50".

Company and product pages end their cards and bands with such a button written as a plain
link (no ``btn``/``cta`` class for ``boilerplate`` to see); the text is what a reader would
click, not what the page says. A link goes when its whole text (at most ``_MAX_WORDS``
words) opens with one of these verbs and it stands alone in its block
(``shared_link_texts.stands_alone``: not a part of a sentence, a row of links, a heading or
a table cell). Verbs that also open what the page itself offers were measured and left out:
"View ..." and "Shop ..." (a collection's "View all" or "Shop sofas" stays: WCXB collection
holdout fell), "Read", "Download", "Learn more", "Get started" (truths keep "Read the
report", "Download report").
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.shared_link_texts import stands_alone

_MAX_CHARS = 50
_MAX_WORDS = 6
_ACTION = re.compile(r"(?:explore|browse|visit|go\s+to|find|follow|book|claim)\b", re.IGNORECASE)


def action_link_removals(links: list[tuple[LexborNode, str]]) -> list[LexborNode]:
    """The links of ``links`` (``teaser_links.page_links`` of the block) that stand alone and
    say only "explore / browse / visit / go to / find / follow / book / claim ..."."""
    out: list[LexborNode] = []
    for link, _ in links:
        # (text nodes apart, the blank ones around an icon left out)
        text = " ".join(link.text(deep=True, separator=" ").split())
        if not text or len(text) > _MAX_CHARS or _ACTION.match(text) is None:
            continue
        if len(text.split()) <= _MAX_WORDS and stands_alone(link):
            out.append(link)
    return out
