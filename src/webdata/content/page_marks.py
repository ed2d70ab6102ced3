"""Page-level signals recorded on ``<html>`` before the cleaning removes their sources.

The head (JSON-LD, ``og:type``) is gone by the time the main-content rules run; the rules
that depend on the page's kind (a product, a thread) read the mark left here instead.
Only the body or a node inside it is ever output, so the marks never reach a user.
"""

from __future__ import annotations

from selectolax.lexbor import LexborHTMLParser, LexborNode

from webdata.content.dom import document_html


def set_mark(tree: LexborHTMLParser, name: str, value: str = "1") -> None:
    """Record ``name`` (a ``data-`` attribute name) on the document's ``<html>``."""
    if tree.root is not None:
        tree.root.attrs[name] = value


def get_mark(node: LexborNode, name: str) -> str | None:
    """The value recorded under ``name`` on the document of ``node``, or None."""
    html = document_html(node)
    return None if html is None else html.attrs.get(name)
