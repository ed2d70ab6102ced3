"""Blocks the page shows twice: a responsive layout's second copy (mobile and desktop versions
of the same description), a product text repeated in a tab, a card rendered twice.

A block of ``MIN_CHARS`` (``PRODUCT_MIN_CHARS`` on product pages) to ``_MAX_CHARS``
characters whose text equals an earlier block's is dropped; the first copy stays. Not
touched: quotes (a reply quoting a post repeats it on purpose), code, copies nested in
each other, and copies in two tab panels that hold code (documentation writes the same
steps once per language or platform tab, each tab a whole walkthrough). Blocks already
removed as boilerplate neither count as the first copy nor are looked at.

Short bars of links go in all their copies (``repeated_bar_removals``): a breadcrumb, a
pager ("1 2 3 ... Next"), a toolbar ("Reply Watch Share") printed whole before the content
and again after it, known by repetition when their classes say nothing. A bar is the widest
block of at most ``_BAR_MAX_CHARS`` characters made mostly of link or button text, with two
different link texts or more, not a heading and not only in-page jumps (footnote marks); two
or three bars with the same words go when a share ``_BAR_GAP_SHARE`` of the text lies between
the first and the last, unless they are items of a list of look-alikes (a block between them
has the same tag and class as the first's branch: teasers sharing their tags).
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.commerce_noise import is_product_page
from webdata.content.dom import (
    common_ancestor,
    contains,
    deep_text,
    has_ancestor_in,
    link_text_len,
    text_len,
    widest_while,
)

MIN_CHARS = 150
# Shops render their short lines twice too (the price box, the model's size, a seller badge
# in the desktop and the mobile layout): on product pages, copies from this length go.
PRODUCT_MIN_CHARS = 80
_BLOCKS = "div, section, article, ul, ol, p, table, dl"
_KEPT_INSIDE = "pre, code, blockquote"
# Larger blocks are page wrappers, not copies; skipping them keeps the pass linear-ish.
_MAX_CHARS = 20_000


def _quoted(node: LexborNode) -> bool:
    current: LexborNode | None = node
    while current is not None:
        classes = (current.attributes.get("class") or "").lower()
        if current.tag == "blockquote" or "quote" in classes:
            return True
        current = current.parent
    return False


def _code_tab(node: LexborNode) -> int | None:
    """``mem_id`` of the tab panel around ``node`` when that panel holds code, else None.

    Only code tabs: the tabs of listings and shops (all / popular, description / details)
    do repeat the same items, and there the copy is noise."""
    current = node.parent
    while current is not None:
        if current.attributes.get("role") == "tabpanel":
            return current.mem_id if current.css_first("pre") is not None else None
        current = current.parent
    return None


def repeated_block_removals(scope: LexborNode, removed: list[LexborNode]) -> list[LexborNode]:
    """Second and later copies of a block under ``scope``; ``removed``: already going."""
    gone = {n.mem_id for n in removed}
    first_seen: dict[str, LexborNode] = {}
    least = PRODUCT_MIN_CHARS if is_product_page(scope) else MIN_CHARS
    out: list[LexborNode] = []
    # whether a node is in ``gone`` or under one of its nodes, by ``mem_id``: blocks come in
    # document order, so each ancestor is settled once (later copies are added as they go)
    covered: dict[int, bool] = {}
    for node in scope.css(_BLOCKS):
        if node.mem_id == scope.mem_id or _covered(node, gone, covered):
            continue
        # Text nodes stripped and joined: cheap, and equal for copies that differ only in
        # the whitespace between tags.
        text = deep_text(node)
        if len(text) < least or len(text) > _MAX_CHARS:
            continue
        first = first_seen.get(text)
        if first is None:
            first_seen[text] = node
            continue
        if contains(first, node) or contains(node, first):
            continue  # a wrapper and its only child: one block, not two
        if node.css_first(_KEPT_INSIDE) is not None or _quoted(node) or _quoted(first):
            continue
        panel = _code_tab(node)
        if panel is not None and _code_tab(first) not in (None, panel):
            continue  # the same step in another language's tab
        out.append(node)
        gone.add(node.mem_id)
        covered[node.mem_id] = True
    return out


def _covered(node: LexborNode, gone: set[int], covered: dict[int, bool]) -> bool:
    """Whether ``node`` or an ancestor is in ``gone``, the answers on ancestors remembered in
    ``covered`` (a node first met is settled from its nearest settled ancestor)."""
    path: list[int] = []
    current: LexborNode | None = node
    verdict = False
    while current is not None:
        key = current.mem_id
        known = covered.get(key)
        if known is not None:
            verdict = known
            break
        path.append(key)
        if key in gone:
            verdict = True
            break
        current = current.parent
    for key in path:
        covered[key] = verdict
    return verdict


# bars of links printed above and below the content (see the module's docstring)
_BAR_MAX_CHARS = 250
_BAR_LINK_SHARE = 0.6
_BAR_MIN_LINKS = 2
_BAR_MAX_COPIES = 3
_BAR_GAP_SHARE = 0.1  # of the text under scope, between the first and the last copy
_CLICKABLE = "a, button"
_HEADINGS = "h1, h2, h3, h4, h5, h6"
_HEADING_SET = frozenset(("h1", "h2", "h3", "h4", "h5", "h6"))
_WORDS = re.compile(r"\w+")


def _between(first: LexborNode, last: LexborNode) -> int:
    """Characters of text in the branches of their lowest common ancestor strictly between
    the branch holding ``first`` and the one holding ``last``; 0 when the copies are items of
    a list of look-alikes (a branch between them has the first branch's tag and class)."""
    top = common_ancestor(first, last)
    if top is None:
        return 0
    branches: list[LexborNode] = []
    for node in (first, last):
        current: LexborNode | None = node
        while current is not None and current.parent is not None:
            if current.parent.mem_id == top.mem_id:
                branches.append(current)
                break
            current = current.parent
    if len(branches) != 2:
        return 0
    shape = _shape(branches[0])
    size = 0
    inside_gap = False
    for child in top.iter():
        if child.mem_id == branches[0].mem_id:
            inside_gap = True
            continue
        if child.mem_id == branches[1].mem_id:
            break
        if inside_gap:
            if _shape(child) == shape:
                return 0
            size += text_len(child)
    return size


def _shape(node: LexborNode) -> tuple[str, str]:
    return node.tag or "", node.attributes.get("class") or ""


def repeated_bar_removals(scope: LexborNode, removed: list[LexborNode]) -> list[LexborNode]:
    """Every copy of a short bar of links shown before and after the content (see above)."""
    gone = {n.mem_id for n in removed}
    # buttons' text by the blocks short enough to be bars that hold them (links are measured
    # by ``link_text_len``, remembered)
    pressed: dict[int, int] = {}
    for button in scope.css("button"):
        size = text_len(button)
        current = button.parent
        while current is not None and current.mem_id != scope.mem_id:
            if text_len(current) > _BAR_MAX_CHARS:
                break
            pressed[current.mem_id] = pressed.get(current.mem_id, 0) + size
            current = current.parent
    fitting: dict[int, bool] = {}

    def fits(node: LexborNode) -> bool:
        key = node.mem_id
        known = fitting.get(key)
        if known is None:
            size = text_len(node)
            known = fitting[key] = 0 < size <= _BAR_MAX_CHARS and (
                link_text_len(node) + pressed.get(key, 0) >= _BAR_LINK_SHARE * size
            )
        return known

    bars: dict[int, LexborNode] = {}
    for link in scope.css(_CLICKABLE):
        if text_len(link) == 0 or (link.parent is not None and link.parent.mem_id in fitting):
            continue  # (a sibling's climb went through its parent: the same bar)
        bar = widest_while(link, scope, fits)
        if bar is not None:
            bars[bar.mem_id] = bar
    groups: dict[str, list[LexborNode]] = {}
    for bar in bars.values():
        clickables = bar.css(_CLICKABLE)
        if all((n.attributes.get("href") or "").startswith("#") for n in clickables):
            continue  # in-page jumps (footnote marks), not a bar of the site
        said = {deep_text(n).lower() for n in clickables} - {""}
        if len(said) < _BAR_MIN_LINKS or bar.css_first(_HEADINGS) is not None:
            continue
        if bar.tag in _HEADING_SET or has_ancestor_in(bar, gone):
            continue
        key = " ".join(_WORDS.findall(deep_text(bar).lower()))
        if key:
            groups.setdefault(key, []).append(bar)
    out: list[LexborNode] = []
    total = text_len(scope)
    for copies in groups.values():
        if not 2 <= len(copies) <= _BAR_MAX_COPIES:
            continue
        if _between(copies[0], copies[-1]) < _BAR_GAP_SHARE * total:
            continue
        out += copies
    return out
