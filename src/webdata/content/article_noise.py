"""Boilerplate of article pages (news stories, blog posts) inside the main block.

The page is marked as an article from its head (JSON-LD ``Article``, ``NewsArticle``,
``BlogPosting``..., or ``og:type`` ``article``) before the cleaning removes it.

Rule, general (no site names): on an article page, a block of links to other pages after the
article's text (a "related posts" list or teaser grid: several title links, the block mostly
link text) goes, whatever its size. The common link-list rule leaves long lists of
title-sized links (they are the items of listing pages) and blocks larger than 30% of the
main block; on an article the story comes first, and a long list of titles after it is the
site's other posts, not the story.

On any page, a block named ``related`` or ``recommended`` after the main text, made of several
teasers (a heading each, a short summary, links), goes up to half the block's text (the
named-chrome rule stops at 30%: a grid of cards with summaries is larger than a link list).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from selectolax.lexbor import LexborHTMLParser, LexborNode

from webdata.content.dom import link_text_len, named_hits, text_len, token_words
from webdata.content.jsonld import graph_from_dumps, node_types
from webdata.content.page_marks import get_mark, set_mark

ARTICLE_MARK = "data-webdata-article"
HOST_MARK = "data-webdata-host"
AUTHOR_MARK = "data-webdata-authors"
_MAX_AUTHORS = 5
_AUTHOR_MIN_CHARS = 3
_AUTHOR_MAX_CHARS = 60
_ARTICLE_TYPES = frozenset(
    {"Article", "NewsArticle", "BlogPosting", "Report", "ReportageNewsArticle", "TechArticle"}
)
_OG_ARTICLE = "article"
_CANDIDATES = "ul, ol, div, section, aside, nav, p, table"
_MIN_LINKS = 3  # a list, not a title and a "read more"
_LINK_SHARE = 0.8  # the block is links (the teasers' titles), not prose with links
_STORY_LINKS = 0.5  # the rest of the block is prose (a story), not more links
_TITLE_CHARS = 15  # characters per link at least: titles, not a menu (menus have their rule)
_RELATED_WORDS = frozenset({"related", "recommended", "recommendations"})
_GRID_MAX_SHARE = 0.5  # at most half the block: the story comes first and is longer
_GRID_TEASERS = 3
_TEASER_CHARS = 400  # per heading at most: a teaser is a title and a line or two of summary


def _article_metadata(metadata: dict[str, Any]) -> bool:
    graph = graph_from_dumps(metadata.get("jsonLd"))
    if graph.main is not None and _ARTICLE_TYPES.intersection(node_types(graph.main)):
        return True
    og_type = metadata.get("og:type")
    return isinstance(og_type, str) and og_type.strip().lower() == _OG_ARTICLE


def mark_article_page(tree: LexborHTMLParser, metadata: dict[str, Any], url: str = "") -> None:
    """Record on the ``<html>`` element whether the page is an article, and the page's host
    (``www.`` dropped: the rules ask whether a link stays on the site)."""
    if _article_metadata(metadata):
        set_mark(tree, ARTICLE_MARK)
    names = _author_names(metadata.get("author"))
    if names:
        set_mark(tree, AUTHOR_MARK, "|".join(names))
    host = (urlsplit(url).hostname or "").removeprefix("www.") if url else ""
    if host:
        set_mark(tree, HOST_MARK, host)


def _author_names(value: object) -> list[str]:
    values = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    out: list[str] = []
    for name in values[:_MAX_AUTHORS]:
        if isinstance(name, str):
            name = " ".join(name.replace("|", " ").split())
            if _AUTHOR_MIN_CHARS <= len(name) <= _AUTHOR_MAX_CHARS:
                out.append(name)
    return out


def page_authors(node: LexborNode) -> list[str]:
    """The author names recorded by :func:`mark_article_page` (from the head's metadata)."""
    mark = get_mark(node, AUTHOR_MARK)
    return mark.split("|") if mark else []


def page_host(node: LexborNode) -> str | None:
    """The host recorded by :func:`mark_article_page` (without ``www.``), or None."""
    return get_mark(node, HOST_MARK)


def is_article_page(node: LexborNode) -> bool:
    """Whether the document of ``node`` was marked by :func:`mark_article_page`."""
    return get_mark(node, ARTICLE_MARK) is not None


def text_before(
    node: LexborNode, scope: LexborNode, offsets: dict[int, dict[int, int]] | None = None
) -> int:
    """Characters of ``scope``'s text before ``node`` in document order.

    ``offsets``, for the callers asking about many nodes of one scope (kept between the
    calls): the text before each child of each parent met, counted once per parent (the
    nodes of one long parent would each count its earlier children again).
    """
    before = 0
    current = node
    while current.mem_id != scope.mem_id and (parent := current.parent) is not None:
        if offsets is None:
            sibling = current.prev
            while sibling is not None:
                before += _node_len(sibling)
                sibling = sibling.prev
        else:
            table = offsets.get(parent.mem_id)
            if table is None:
                table = offsets[parent.mem_id] = _child_offsets(parent)
            before += table[current.mem_id]
        current = parent
    return before


def _node_len(node: LexborNode) -> int:
    return text_len(node) if node.tag != "-text" else len(node.text(strip=True))


def _child_offsets(parent: LexborNode) -> dict[int, int]:
    """The text length before each child of ``parent`` (by ``mem_id``), within it."""
    table: dict[int, int] = {}
    run = 0
    child = parent.child
    while child is not None:
        table[child.mem_id] = run
        run += _node_len(child)
        child = child.next
    return table


def article_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """Lists and grids of links to other posts after the article's text in ``scope``
    (text length ``total``), on article pages."""
    if not is_article_page(scope):
        return []
    out: list[LexborNode] = []
    scope_links = link_text_len(scope)
    for node in scope.css(_CANDIDATES):
        if node.mem_id == scope.mem_id:
            continue
        size = text_len(node)
        if not size or link_text_len(node) < _LINK_SHARE * size:
            continue
        if node.css_first("h1") is not None:
            continue
        links = [a for a in node.css("a[href]") if text_len(a)]
        if len(links) < _MIN_LINKS or size < _TITLE_CHARS * len(links):
            continue
        before = text_before(node, scope)
        if before < size or total - before - size > size:
            continue  # not after the story: the page's own list, or text follows it
        if scope_links - link_text_len(node) >= _STORY_LINKS * (total - size):
            continue  # the rest is links too: a list page (marked as an article) of items
        out.append(node)
    return out


def _named_related(node: LexborNode) -> bool:
    attrs = node.attrs
    value = f"{attrs.get('class') or ''} {attrs.get('id') or ''}"
    lowered = value.lower()  # (a word of a token is a piece of it: most values hold neither)
    if "related" not in lowered and "recommend" not in lowered:
        return False
    return any(_RELATED_WORDS.intersection(token_words(t)) for t in value.split())


# The elements _named_related can accept: a class or id holding one of these (``named_hits``;
# most elements are not, and are spared a call each; ASCII case folding finds what ``lower``
# does for these words).
_RELATED_PARTS = ("related", "recommend")


def related_grid_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """A block named ``related``/``recommended`` after the story in ``scope`` (text length
    ``total``), made of several teasers (a heading each and a short summary, links to other
    pages): it goes even above the 30% the named-chrome rule allows, up to half the block."""
    out: list[LexborNode] = []
    for node in named_hits(scope, _RELATED_PARTS, _RELATED_PARTS):
        if node.mem_id == scope.mem_id or not _named_related(node):
            continue
        size = text_len(node)
        if size <= 0 or size > _GRID_MAX_SHARE * total or node.css_first("h1") is not None:
            continue
        headings = [h for h in node.css("h2, h3, h4, h5, h6") if text_len(h)]
        links = [a for a in node.css("a[href]") if text_len(a)]
        if len(headings) < _GRID_TEASERS or len(links) < _GRID_TEASERS:
            continue
        if size > _TEASER_CHARS * len(headings):
            continue  # sections of prose, not teasers
        before = text_before(node, scope)
        if before < size or total - before - size > size:
            continue
        out.append(node)
    return out
