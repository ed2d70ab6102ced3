"""Pages whose HTML holds no visible content: the shells of JavaScript apps.

An app page ships an empty mount point and, for search engines, a small block hidden with an
inline ``display:none`` (the site's name as a heading, a skip link). When such hidden blocks
are all that is left of the main content, the page has none: the output is empty, with a
warning, rather than text that no reader sees. A larger hidden block is kept (pages hide
their whole text until a script shows it).
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.dom import HIDDEN_STYLE, text_len, topmost

SHELL_WARNING = (
    "onlyMainContent found no visible content in this page's HTML (its content is probably"
    " rendered by JavaScript); the output is empty"
)
_SHELL_MAX_CHARS = 200


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
