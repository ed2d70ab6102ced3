"""Pages whose HTML holds no visible content: the shells of JavaScript apps.

An app page ships an empty mount point and, for search engines, a small block hidden with an
inline ``display:none`` (the site's name as a heading, a skip link). When such hidden blocks
are all that is left of the main content, the page has none: the output is empty, with a
warning, rather than text that no reader sees. A larger hidden block is kept (pages hide
their whole text until a script shows it).

Some shells render the site's chrome on the server but not the page: the headline is in the
hidden block and all that shows is the header's links and the footer's columns of links with
a copyright line. Where the chrome is marked (``<footer>``, ``<nav>``, class words) the
removals take it and the hidden block is all that is left; on a page of plain ``<div>``s the
footer is what stays, and it is not the page's content either. So when every ``<h1>`` of the
page is hidden, and what is left of the main content is short (:data:`_CHROME_MAX_CHARS`),
mostly links (:data:`_CHROME_LINKS`) and holds a copyright line, the output is empty too.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import HIDDEN_STYLE, deep_text, link_text_len, text_len, topmost

SHELL_WARNING = (
    "onlyMainContent found no visible content in this page's HTML (its content is probably"
    " rendered by JavaScript); the output is empty"
)
_SHELL_MAX_CHARS = 200
_CHROME_MAX_CHARS = 2000  # a header's and a footer's links, not a page of them
_CHROME_LINKS = 0.7  # of the text in links (a footer's columns; a page's text has few)
_COPYRIGHT = re.compile(r"©|\(c\)\s*(?:19|20)\d\d|\ball\s+rights\s+reserved\b", re.I)


def clear_hidden_shell(main: LexborNode) -> str | None:
    """Empty ``main`` when its only text (at most a few words) is inside hidden elements;
    then the warning to return, else None."""
    size = text_len(main)
    if not 0 < size <= _SHELL_MAX_CHARS:
        return None
    hidden = topmost(
        node
        for node in main.css("[style], [hidden]")
        if "hidden" in node.attrs or HIDDEN_STYLE.search(node.attrs.get("style") or "")
    )
    if sum(text_len(node) for node in hidden) < size:
        return None
    for node in hidden:
        node.decompose()
    return SHELL_WARNING


def _hidden(node: LexborNode) -> bool:
    current: LexborNode | None = node
    while current is not None:
        attrs = current.attributes
        if "hidden" in attrs or HIDDEN_STYLE.search(attrs.get("style") or ""):
            return True
        current = current.parent
    return False


def headline_hidden(body: LexborNode) -> bool:
    """Whether the page has an ``<h1>`` and every one is inside a hidden element (read
    before the removals, which take hidden blocks)."""
    headlines = body.css("h1")
    return bool(headlines) and all(_hidden(h1) for h1 in headlines)


def clear_chrome_shell(main: LexborNode, hidden_headline: bool) -> str | None:
    """Empty ``main`` when the page's headline is hidden (``hidden_headline``) and ``main``
    is only the site's chrome: short, mostly links, with a copyright line; then the warning
    to return, else None."""
    if not hidden_headline:
        return None
    size = text_len(main)
    if not 0 < size <= _CHROME_MAX_CHARS or link_text_len(main) < _CHROME_LINKS * size:
        return None
    if _COPYRIGHT.search(deep_text(main)) is None:
        return None
    for child in list(main.iter(include_text=True)):
        child.decompose()
    return SHELL_WARNING
