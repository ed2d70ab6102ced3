"""What spilled out of the ``<head>`` into the body: its notices and its ``<title>``.

A ``<noscript>`` in the head holding a link or a paragraph ("Please enable JavaScript for
this site's accessibility tools", "This website requires javascript") is not allowed there:
the parser closes the head at it and puts the notice, and everything of the head after it
(the ``<title>`` among them), into the body, before the page's own first element. The
notice's words then open the output, the document's title run in beside them. Such a page
is known by a ``<title>`` among the body's own children (it belongs to the head only; one in
an ``<svg>`` is not a child of the body); the body's children up to it are the head's and go,
when they hold little text (``_MAX_CHARS``: a notice, not a page's text written before a
stray title).
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

_MAX_CHARS = 500


def head_spill_removals(scope: LexborNode) -> list[LexborNode]:
    """The body's children up to a ``<title>`` among them, when ``scope`` is the body."""
    if scope.tag != "body":
        return []
    spilled: list[LexborNode] = []
    chars = 0
    for child in scope.iter(include_text=True):
        if child.tag in ("script", "style", "-comment"):
            continue
        spilled.append(child)
        if child.tag == "title":
            return spilled
        chars += len(child.text(deep=True, strip=True))
        if chars > _MAX_CHARS:
            return []
    return []
