"""Documentation pages (a product's manual, an API reference, a tutorial of a docs site),
marked from the raw page before the cleaning removes the signs.

Recognised by what documentation sites share, not by name: a docs generator named in
``<meta name=generator>``; a JSON-LD ``APIReference``; or an address under a docs path
(``/docs/``, ``/reference/``, ``/manual/``...) or host (``docs.``, ``developer.``,
``learn.``) together with a docs page's furniture: code blocks, links to the next / previous
page of the manual, or a side tree of many links to sibling pages under the same path, or
furniture in the body ("Edit this page", "Was this page helpful?", an "On this page" heading:
what remains when the head is gone; at other addresses a blog post shows an "On this page"
too); or, at any address, many code blocks and such a tree (a wiki's or a book's manual).

The rules read the mark (on ``<html>``): on documentation pages a block of links inside the
text (a "See also" list, a list of the module's functions or subpages) is part of the page
(the truths of such pages keep them), where on other pages such a block is a menu.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

from selectolax.lexbor import LexborHTMLParser, LexborNode

from webdata.content.jsonld import graph_from_dumps, node_types
from webdata.content.page_marks import get_mark, set_mark

DOCS_MARK = "data-webdata-docs"
_GENERATORS = re.compile(
    r"\b(?:sphinx|docusaurus|mkdocs|vuepress|vitepress|gitbook|docsy|antora|nextra|starlight|"
    r"docfx|doxygen|jsdoc|javadoc|rustdoc|mintlify|readthedocs)\b",
    re.I,
)
_DOC_TYPES = frozenset({"APIReference"})
_PATH_WORDS = frozenset(
    {"docs", "doc", "documentation", "reference", "api", "manual", "manuals", "guide",
     "guides", "userguide", "handbook", "tutorial", "tutorials"}
)  # fmt: skip
_HOST_WORDS = frozenset({"docs", "doc", "developer", "developers", "devdocs", "learn"})
# A docs page's furniture in its body, in words any docs site uses: a link to edit the page,
# a "was this page helpful?" vote, the heading of the page's own contents.
_FURNITURE_WORDS = (
    "edit this", "edit on git", "improve this", "page helpful", "page help", "on this page",
    "in this article",
)  # fmt: skip
_FURNITURE = (
    re.compile(r"(?:edit|improve) this (?:page|doc|document)(?: on git\w+)?|edit on git\w+"),
    re.compile(r"(?:was|is) this page helpful\??|did this page help(?: you)?\??"),
    re.compile(r"on this page|in this article"),
)
_CODE_BLOCKS = 2  # a tutorial's or reference's code examples
_MANY_CODE_BLOCKS = 10  # ... anywhere: a manual's chapter (a blog post shows a few)
_SIBLING_LINKS = 10  # a docs tree beside the page: links under the page's own path prefix


def _generator(tree: LexborHTMLParser) -> bool:
    return any(
        _GENERATORS.search(meta.attributes.get("content") or "")
        for meta in tree.css('meta[name="generator" i]')
    )


def _docs_address(url: str) -> tuple[bool, str]:
    """Whether the address is a docs one, and its first path folder (``/docs/``) or ''."""
    parts = urlsplit(url)
    folders = [f.lower() for f in parts.path.split("/") if f]
    host = (parts.hostname or "").split(".")
    docs = bool(_PATH_WORDS.intersection(folders[:-1] or folders)) or host[0] in _HOST_WORDS
    return docs, f"/{folders[0]}/" if len(folders) > 1 else ""


def _sibling_links(tree: LexborHTMLParser, url: str, prefix: str) -> int:
    if not prefix:
        return 0
    host = urlsplit(url).hostname
    count = 0
    for link in tree.css("nav a[href], aside a[href]"):
        target = urlsplit(link.attributes.get("href") or "")
        path = target.path.lower()  # the prefix is lowercased: /en-US/ is /en-us/
        if (not target.hostname or target.hostname == host) and path.startswith(prefix):
            count += 1
            if count >= _SIBLING_LINKS:
                break
    return count


def _body_furniture(tree: LexborHTMLParser) -> bool:
    """Whether the body shows a docs page's furniture (read at docs addresses only: lowering
    a page's whole text costs about a millisecond)."""
    body = tree.body
    text = " ".join(body.text(deep=True).lower().split()) if body is not None else ""
    present = [word for word in _FURNITURE_WORDS if word in text]
    if body is None or not present:
        return False
    query = ", ".join(f':lexbor-contains("{word}" i)' for word in present)
    texts = {" ".join(node.text(deep=True).lower().split()) for node in body.css(query)}
    return any(rx.fullmatch(t) for t in texts if len(t) <= 40 for rx in _FURNITURE)


def _furniture(tree: LexborHTMLParser, url: str, prefix: str, *, address: bool) -> bool:
    """A docs page's furniture; off a docs address, many code blocks and the docs tree."""
    code = len(tree.css("pre"))
    if not address:
        return code >= _MANY_CODE_BLOCKS and _sibling_links(tree, url, prefix) >= _SIBLING_LINKS
    if code >= _CODE_BLOCKS:
        return True
    if tree.css_first('link[rel~="next" i], link[rel~="prev" i], a[rel~="next" i]') is not None:
        return True
    return _sibling_links(tree, url, prefix) >= _SIBLING_LINKS or _body_furniture(tree)


def mark_docs_page(tree: LexborHTMLParser, metadata: dict[str, Any], url: str) -> None:
    """Record on the ``<html>`` element whether the page is documentation."""
    graph = graph_from_dumps(metadata.get("jsonLd"))
    docs = _generator(tree) or (
        graph.main is not None and bool(_DOC_TYPES.intersection(node_types(graph.main)))
    )
    if not docs:
        address, prefix = _docs_address(url)
        docs = _furniture(tree, url, prefix, address=address)
    if docs:
        set_mark(tree, DOCS_MARK)


def is_docs_page(node: LexborNode) -> bool:
    """Whether the document of ``node`` was marked by :func:`mark_docs_page`."""
    return get_mark(node, DOCS_MARK) is not None
