"""The site's menus, known by their link to the site's home page.

``boilerplate``'s link lists are not looked for on blocks made mostly of links (indexes,
directories, search results: there the link lists are the items), and ``side_lists`` only
where the items are teasers titled by heading links. So on a listing without such titles, the
site's menu (a mobile menu after the footer, a "Home -- Search -- Authors" line) stays.

A site's menu links to the site's home page ("Home", the logo); the items of a listing link
to the items. So a block made almost only of short links (at least ``_MIN_LINKS``, averaging
at most ``_SHORT_LINK`` characters, ``_LINK_DENSE`` of its text in links, no ``<h1>``), small
in the block, one of whose links leads to the root of the site the others lead to, goes. A
directory of other sites (each link the root of another host) does not qualify.

A shorter bar names its link home instead: "Home | Download this Documentation", "Home >
Guides > Install" (a relative "../index.html" says nothing of the site's root). A bar of at
least ``_BAR_LINKS`` links, at most ``_BAR_CHARS`` characters, ``_BAR_LINK_SHARE`` of them
in links, whose first link says "Home" (or "Homepage") goes: a site's way back, not the page's
text. Found from the elements whose own text says "home" (no walk over every element).
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from selectolax.lexbor import LexborNode

from webdata.content.dom import (
    deep_text,
    elements,
    keyword_hits,
    link_text_len,
    text_len,
    topmost,
)

_LIST_TAG_SET = frozenset({"ul", "ol", "div", "section", "p", "table"})
_MIN_LINKS = 4
_SHORT_LINK = 30  # characters per link: menu entries, not item titles
_LINK_DENSE = 0.7
_SMALL_SHARE = 0.3
_ROOT_PATHS = frozenset({"", "/", "/index.html", "/index.htm", "/index.php", "/home"})
_BAR_CHARS = 100  # a bar of a few links: "Home | Download this Documentation"
_BAR_LINKS = 2
_BAR_LINK_SHARE = 0.5  # (a trail's last step, the page itself, is often not a link)
_HOME_TEXT = re.compile(r"^\W*home(?:\s*page)?\W*$", re.IGNORECASE)
_BAR_TAGS = frozenset({"p", "div", "ul", "ol", "nav"})
_BAR_LEVELS = 3  # a bar holds its links within a few wrappers (li, span)


def _root_host(href: str) -> str | None:
    """The host of a link to a site's home page ("" for a relative one), or None."""
    if href.count("/") > 3 or "?" in href:
        return None  # (most links: a path of several parts, or a query; not split)
    parts = urlsplit(href.strip())
    if parts.scheme not in ("", "http", "https") or parts.query:
        return None
    if parts.path.lower() not in _ROOT_PATHS or (not parts.netloc and not parts.path):
        return None  # (an empty href or a bare "#anchor" is not a link home)
    return parts.netloc.lower().removeprefix("www.")


def _host(href: str) -> str:
    return urlsplit(href.strip()).netloc.lower().removeprefix("www.")


def _home_menu(links: list[LexborNode]) -> bool:
    """Whether one of ``links`` leads to the home page of the site they lead to: a relative
    link home (the page's own site), or an absolute one to the host of most of the absolute
    links (a directory of other sites links each one's root: hosts all differ)."""
    hrefs = [a.attrs.get("href") or "" for a in links]
    roots = {h for h in map(_root_host, hrefs) if h is not None}
    if not roots:
        return False
    if "" in roots:
        return True
    hosts = [h for h in map(_host, hrefs) if h]
    return any(2 * hosts.count(root) > len(hosts) >= 2 for root in roots)


def _menu(node: LexborNode, total: int) -> bool:
    """Whether ``node`` is a small block of short links holding a link home."""
    links = node.css("a[href]")
    if len(links) < _MIN_LINKS:
        return False
    size = text_len(node)
    if size == 0 or size > _SMALL_SHARE * total or size > _SHORT_LINK * len(links):
        return False
    if link_text_len(node) < _LINK_DENSE * size or node.css_first("h1") is not None:
        return False
    return _home_menu(links)


def _home_bar(node: LexborNode, home: LexborNode) -> bool:
    """Whether ``node`` is a short bar of links led by the link ``home``."""
    size = text_len(node)
    if not size or size > _BAR_CHARS:
        return False
    links = node.css("a[href]")
    if len(links) < _BAR_LINKS or links[0].mem_id != home.mem_id:
        return False
    return link_text_len(node) >= _BAR_LINK_SHARE * size


def _home_bars(scope: LexborNode) -> list[LexborNode]:
    """Short bars of links led by a link named "Home" ("Home | Download this
    Documentation", "Home > Guides > Install"), found from the elements saying "home"."""
    out: list[LexborNode] = []
    for hit in keyword_hits(scope, ("home",)):
        link = hit if hit.tag == "a" else hit.parent
        if link is None or link.tag != "a" or "href" not in link.attrs:
            continue
        if not _HOME_TEXT.match(deep_text(link)):
            continue
        current = link.parent
        for _ in range(_BAR_LEVELS):
            if current is None or current.mem_id == scope.mem_id:
                break
            if current.tag in _BAR_TAGS and _home_bar(current, link):
                out.append(current)
                break
            current = current.parent
    return out


def home_menu_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """Blocks of short links under ``scope`` holding a link to their site's home page.

    A menu holds a link home, so the candidates are the ancestors of those links (most
    blocks hold none and are not read), climbed while they stay small in the block.
    """
    own = scope.mem_id
    limit = _SMALL_SHARE * total
    seen: set[int] = set()
    out: list[LexborNode] = []
    for link in elements(scope, "a[href]"):
        if _root_host(link.attrs.get("href") or "") is None:
            continue
        current = link.parent
        while current is not None and current.mem_id != own and text_len(current) <= limit:
            key = current.mem_id
            if key not in seen:
                seen.add(key)
                if current.tag in _LIST_TAG_SET and _menu(current, total):
                    out.append(current)
            current = current.parent
    return topmost(out + _home_bars(scope))
