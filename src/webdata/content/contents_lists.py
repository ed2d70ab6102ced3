"""In-page tables of contents inside the main block ("Table of contents", "In this article").

A table of contents repeats the section headings as links to them: its text is already in
the page, once, where the sections are. Recognised by structure, not by name:

* a list-like block (``ul``, ``ol``, ``nav``, ``div``, ``details``...) made almost only of
  links, at least ``_MIN_LINKS`` of them, most of them (``_FRAGMENT_SHARE``) jumps to a
  heading of the same block that says the same as the link (``#id`` targets under the
  scope; a jump bar whose links say something else than the sections' headings, like a
  product page's feature taglines, holds text found nowhere else and stays);
* a jump whose fragment names no element of the block still counts when its words are a
  heading's of the block (the start or the end of it, or all of it): many tables of contents
  are filled by a script that also gives the headings their ids when the page loads, so the
  served page holds ``<a href="#tab3">Dynamic pricing</a>`` and a bare
  ``<h3>Dynamic pricing</h3>``; a heading that holds the link itself does not count (a
  permalink heading is no table of contents);
* small in the block (a page that is nothing but such a list is left alone);
* widened to the wrapper that adds only a short title to it ("Contents", "On this page").

Footnote lists are not tables of contents: their items are text with a back link, not
link-dense.
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.dom import (
    elements,
    link_text_len,
    text_len,
    text_words,
    topmost,
    widest_while,
    word_line,
)

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
_ANY_HEADINGS = "h1, h2, h3, h4, h5, h6, [role=heading]"
_HEADING_WORDS = 30  # a longer heading is no section title a contents list repeats
_MIN_PART_WORDS = 2  # a link saying part of a heading says at least this many of its words
_ANCESTOR_LEVELS = 4  # how far up a link looks for the heading that holds it


def _fragment(href: str) -> str:
    _, sep, fragment = href.partition("#")
    return fragment.strip() if sep else ""


def _words(text: str) -> str:
    return word_line(text)


def _heading_text(target: LexborNode) -> str:
    """What a jump target is called: its own text when it is a heading, else its first
    heading's (sections carry the id on the wrapper)."""
    if target.tag in _HEADING_TAGS:
        return _words(target.text(deep=True))
    heading = target.css_first(_HEADINGS)
    if heading is not None:
        return _words(heading.text(deep=True))
    return _words(target.text(deep=True)[:_TARGET_CHARS])


Headings = dict[tuple[str, ...], set[int]]


def _heading_index(scope: LexborNode) -> Headings:
    """The block's headings by their words, and by the starts and ends of their words (at
    least ``_MIN_PART_WORDS`` of them): the heading nodes (``mem_id``, at most two) saying them."""
    index: Headings = {}
    for heading in elements(scope, _ANY_HEADINGS):  # (the list other rules read too)
        words = tuple(text_words(heading.text(deep=True)))
        if not words or len(words) > _HEADING_WORDS:
            continue
        keys = {words} | {
            part
            for cut in range(_MIN_PART_WORDS, len(words))
            for part in (words[:cut], words[-cut:])
        }
        for key in keys:
            holders = index.setdefault(key, set())
            if len(holders) < 2:
                holders.add(heading.mem_id)
    return index


def _own_heading(link: LexborNode) -> int | None:
    current = link.parent
    for _ in range(_ANCESTOR_LEVELS):
        if current is None:
            return None
        if current.tag in _HEADING_TAGS:
            return current.mem_id
        current = current.parent
    return None


def _names_heading(link: LexborNode, headings: Headings) -> bool:
    """Whether the link says a heading of the block (or its start or end) other than one
    holding the link."""
    words = tuple(text_words(link.text(deep=True)))
    holders = headings.get(words) if words and len(words) <= _HEADING_WORDS else None
    if not holders:
        return False
    return bool(holders - {_own_heading(link)})


def _same_heading(link: LexborNode, targets: dict[str, LexborNode]) -> bool | None:
    """Whether the link jumps to a heading of the block that says the same; None when its
    fragment names no element of the block."""
    target = targets.get(_fragment(link.attributes.get("href") or ""))
    if target is None:
        return None
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
    links = [a for a in scope.css('a[href*="#"]') if _fragment(a.attributes.get("href") or "")]
    if len(links) < _MIN_LINKS:
        return []
    targets = {
        value: n
        for n in scope.css("[id], a[name]")
        for value in (n.attributes.get("id"), n.attributes.get("name"))
        if value
    }
    verdicts = [(a, _same_heading(a, targets)) for a in links]
    if sum(same is not False for _, same in verdicts) < _MIN_LINKS:
        return []
    headings = _heading_index(scope) if any(same is None for _, same in verdicts) else {}
    jumps = [a for a, same in verdicts if same or (same is None and _names_heading(a, headings))]
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
