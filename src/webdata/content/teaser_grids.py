"""Grids of teasers to the site's other pages after an article, known by their shape.

Below a story, sites show cards of their other posts ("Explore more", "Related", "Latest
episodes"): each card a title linked to another page of the same site and a line or two of
summary. ``article_noise`` finds such grids when the markup names them (``related``,
``recommended``) or when they are almost only links; cards with summaries under a class
name that says nothing stayed. Known here by structure, on article pages: at least
``_MIN_CARDS`` sibling elements of one tag (their classes may differ: a card's number), most
of them teasers (at most ``_CARD_MAX_CHARS``; a link of at least ``_TITLE_CHARS`` to another
page of the site, relative or on the page's own host; ``_SUMMARY_CHARS`` of text besides the
links), after the article's text (before the grid at least as much text as the grid; after
it, less than the grid). The grid's wrapper goes, with the heading that opens it.

A page's own sections are longer than teasers; a listicle's items and a list of sources link
to other sites; a listing page (marked as an article by its CMS) is made of such grids, and
when they are half the block none goes. Documentation pages have their own rules.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from selectolax.lexbor import LexborNode

from webdata.content.article_noise import is_article_page, page_host, text_before
from webdata.content.docs_pages import is_docs_page
from webdata.content.dom import link_text_len, text_len, topmost

_TAGS = "li, div, article, section"
_CARD_MAX_CHARS = 700
_CARD_MIN_CHARS = 40  # a title and a summary, not a bare link
_SUMMARY_CHARS = 40  # besides the links: a line of summary
_TITLE_CHARS = 15
_MIN_CARDS = 3
_CARD_SHARE = 0.8  # of the siblings of that shape, teasers
_HEADINGS = "h2, h3, h4, h5, h6"
_OPENER_CHARS = 80  # a heading over the grid ("Explore more") joins it
_MAX_SHARE = 0.5
_LISTING_SHARE = 0.5


def _same_site(href: str, host: str | None) -> bool:
    if not href or href.startswith(("#", "javascript:", "mailto:", "tel:")):
        return False
    if href.startswith("//") or "://" in href[:12]:
        return host is not None and (urlsplit(href).hostname or "").removeprefix("www.") == host
    return True


def _teaser(card: LexborNode, host: str | None) -> bool:
    """A title linked to another page of the site, and a summary beside it."""
    size = text_len(card)
    if size < _CARD_MIN_CHARS or size > _CARD_MAX_CHARS:
        return False
    titled = False
    for link in card.css("a[href]"):
        length = text_len(link)
        if length >= _TITLE_CHARS and _same_site(link.attrs.get("href") or "", host):
            titled = True
    return titled and size - link_text_len(card) >= _SUMMARY_CHARS


def _opened(grid: LexborNode, scope: LexborNode) -> LexborNode:
    """``grid``, or its parent when all the parent adds is a short heading."""
    parent = grid.parent
    if parent is None or parent.mem_id == scope.mem_id:
        return grid
    if text_len(parent) - text_len(grid) > _OPENER_CHARS:
        return grid
    return parent


def teaser_grid_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """Grids of teasers to the site's other pages after the article's text in ``scope``
    (text length ``total``), on article pages."""
    if not is_article_page(scope) or is_docs_page(scope):
        return []
    host = page_host(scope)
    shapes: dict[tuple[int, str], list[LexborNode]] = {}
    for node in scope.css(_TAGS):
        parent = node.parent
        if parent is None or text_len(node) > _CARD_MAX_CHARS:
            continue
        key = (parent.mem_id, node.tag or "")
        shapes.setdefault(key, []).append(node)
    grids: list[LexborNode] = []
    for cards in shapes.values():
        if len(cards) < _MIN_CARDS:
            continue
        teasers = sum(1 for c in cards if _teaser(c, host))
        grid = cards[0].parent
        if teasers < _MIN_CARDS or teasers < _CARD_SHARE * len(cards) or grid is None:
            continue
        if grid.mem_id != scope.mem_id:
            grids.append(grid)
    if sum(text_len(g) for g in topmost(grids)) > _LISTING_SHARE * total:
        return []  # the block is teasers: a listing page's items (marked as an article)
    out: list[LexborNode] = []
    offsets: dict[int, dict[int, int]] = {}
    for grid in grids:
        grid = _opened(grid, scope)
        size = text_len(grid)
        if size > _MAX_SHARE * total or grid.css_first("h1") is not None:
            continue
        before = text_before(grid, scope, offsets)
        if before < size or total - before - size > size:
            continue
        out.append(grid)
    return out
