"""The site's name set as an ``<h1>`` above the page's own headline.

Blog and documentation themes print the site's name ("A Gardener's Notes", "Example 2.0
Documentation") as an ``<h1>`` that is wholly a link to the site's front page, inside the
block that holds the page's own ``<h1>``. It names the site, not the page. So an ``<h1>``
whose whole text is one link to a front page (the address's path empty, ``/``, ``../``, or
ending in an ``index`` page), followed in the block by an ``<h1>`` that is not such a link, goes. A
list of linked ``<h1>`` teasers stays: they lead to pages, not to a front page.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from selectolax.lexbor import LexborNode

from webdata.content.dom import text_len

# A front page's path: empty, "/", "../", or an index page ("/en/latest/index.html").
_FRONT_PATH = re.compile(
    r"^(?:/|(?:\.\.?/)*|(?:[^?#]*/)?index\.(?:html?|php|aspx?))$", re.IGNORECASE
)


def _front_page_link(h1: LexborNode) -> bool:
    """Whether the heading's whole text is one link to a front page."""
    links = h1.css("a[href]")
    if len(links) != 1 or text_len(links[0]) != text_len(h1) or not text_len(h1):
        return False
    href = (links[0].attributes.get("href") or "").strip()
    if not href or href.startswith(("#", "javascript:", "mailto:")):
        return False
    try:
        parts = urlsplit(href)
    except ValueError:
        return False
    return not parts.query and _FRONT_PATH.match(parts.path) is not None


def site_headline_removals(scope: LexborNode) -> list[LexborNode]:
    """The ``<h1>``s naming the site above an ``<h1>`` of the page's own."""
    h1s = scope.css("h1")
    if len(h1s) < 2:
        return []
    out: list[LexborNode] = []
    for h1 in h1s:
        if not _front_page_link(h1):
            return out if text_len(h1) else []  # the page's own headline follows the names
        out.append(h1)
    return []  # only names: nothing of the page's own to tell them from
