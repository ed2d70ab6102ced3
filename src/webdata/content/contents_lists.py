"""In-page tables of contents inside the main block ("Table of contents", "In this article").

A table of contents repeats the section headings as links to them: its text is already in
the page, once, where the sections are. Recognised by structure, not by name:

* a list-like block (``ul``, ``ol``, ``nav``, ``div``, ``details``...) made almost only of
  links, at least ``_MIN_LINKS`` of them, most of them (``_FRAGMENT_SHARE``) jumps to a
  heading of the same block that says the same as the link (``#id`` targets under the
  scope; a jump bar whose links say something else than the sections' headings, like a
  product page's feature taglines, holds text found nowhere else and stays);
* small in the block (a page that is nothing but such a list is left alone);
* widened to the wrapper that adds only a short title to it ("Contents", "On this page").

Footnote lists are not tables of contents: their items are text with a back link, not
link-dense.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import link_text_len, text_len, topmost, widest_while

_CANDIDATE_TAGS = frozenset({"ul", "ol", "nav", "div", "details", "section", "table"})
_CANDIDATE_LEVELS = 6  # a jump link sits at most this deep in its table of contents
_MIN_LINKS = 3
_FRAGMENT_SHARE = 0.8
_LINK_DENSE = 0.7
_SMALL_SHARE = 0.3
_TITLE_CHARS = 40  # text a wrapper may add around the list: its title
_TARGET_CHARS = 200  # a target without a heading: the start of its text names it
_HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_HEADINGS = "h1, h2, h3, h4, h5, h6"
_WORD = re.compile(r"\w+")


def _fragment(href: str) -> str:
    _, sep, fragment = href.partition("#")
    return fragment.strip() if sep else ""


def _words(text: str) -> str:
    return " ".join(_WORD.findall(text.lower()))


def _heading_text(target: LexborNode) -> str:
    """What a jump target is called: its own text when it is a heading, else its first
    heading's (sections carry the id on the wrapper)."""
    if target.tag in _HEADING_TAGS:
        return _words(target.text(deep=True))
    heading = target.css_first(_HEADINGS)
    if heading is not None:
        return _words(heading.text(deep=True))
    return _words(target.text(deep=True)[:_TARGET_CHARS])


def _same_heading(link: LexborNode, targets: dict[str, LexborNode]) -> bool:
    target = targets.get(_fragment(link.attributes.get("href") or ""))
    if target is None:
        return False
    said = _words(link.text(deep=True))
    heading = _heading_text(target)
    return bool(said) and bool(heading) and (said in heading or heading in said)


def _is_contents(node: LexborNode, jumps: int, total: int) -> bool:
    """Whether ``node``, holding ``jumps`` same-heading jump links, is a table of contents."""
    size = text_len(node)
    if size == 0 or size > _SMALL_SHARE * total or link_text_len(node) < _LINK_DENSE * size:
        return False
    return jumps >= _FRAGMENT_SHARE * len(node.css("a[href]"))


def _with_title(node: LexborNode, scope: LexborNode) -> LexborNode:
    """The highest wrapper of ``node`` below ``scope`` that adds at most a title to it."""
    size = text_len(node)
    return widest_while(node, scope, lambda c: text_len(c) - size <= _TITLE_CHARS) or node


def contents_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """Tables of contents under ``scope`` (with their titles), outermost first."""
    links = scope.css('a[href*="#"]')
    if len(links) < _MIN_LINKS:
        return []
    targets = {
        value: n
        for n in scope.css("[id], a[name]")
        for value in (n.attributes.get("id"), n.attributes.get("name"))
        if value
    }
    jumps = [a for a in links if _same_heading(a, targets)]
    if len(jumps) < _MIN_LINKS:
        return []
    # candidates: the list-like ancestors of the jump links (a few levels up), by jumps held
    held: dict[int, tuple[LexborNode, int]] = {}
    for link in jumps:
        current = link.parent
        for _ in range(_CANDIDATE_LEVELS):
            if current is None or current.mem_id == scope.mem_id:
                break
            if current.tag in _CANDIDATE_TAGS:
                node, count = held.get(current.mem_id, (current, 0))
                held[current.mem_id] = (node, count + 1)
            current = current.parent
    found = [
        node
        for node, count in held.values()
        if count >= _MIN_LINKS and _is_contents(node, count, total)
    ]
    return [_with_title(n, scope) for n in topmost(found)]
