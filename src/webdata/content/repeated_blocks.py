"""Blocks the page shows twice: a responsive layout's second copy (mobile and desktop versions
of the same description), a product text repeated in a tab, a card rendered twice.

A block of ``MIN_CHARS`` (``PRODUCT_MIN_CHARS`` on product pages) to ``_MAX_CHARS``
characters whose text equals an earlier block's is dropped; the first copy stays. Shorter
copies, from ``RESPONSIVE_MIN_CHARS``, go when the classes between the two copies and their
lowest common ancestor say that one of them is shown only at some screen widths (Bootstrap's
``d-none d-md-block``/``hidden-xs``, Tailwind's ``md:hidden``/``hidden lg:block``,
Foundation's ``show-for-small``, ``mobile-only``, a ``card--desktop`` variant): a layout's
mobile and desktop copies of one teaser or caption, never both on screen. Always-hidden
copies (``hidden``, ``display:none``) are not that sign: closed tabs and accordions hide
whole texts that belong to the page. Labels shorter than that (a badge, a price in a
listing's grid and list views) stay. Not
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
    measured_texts,
    text_len,
    word_line,
)

MIN_CHARS = 150
# Shops render their short lines twice too (the price box, the model's size, a seller badge
# in the desktop and the mobile layout): on product pages, copies from this length go.
PRODUCT_MIN_CHARS = 80
_BLOCKS = "div, section, article, ul, ol, p, table, dl"
_KEPT_INSIDE = "pre, code, blockquote"
# A copy whose branch says it is shown only at some widths goes from this length.
RESPONSIVE_MIN_CHARS = 80
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
    shortest = min(least, RESPONSIVE_MIN_CHARS)
    out: list[LexborNode] = []
    # whether a node is in ``gone`` or under one of its nodes, by ``mem_id``: blocks come in
    # document order, so each ancestor is settled once (later copies are added as they go)
    covered: dict[int, bool] = {}
    for node in scope.css(_BLOCKS):
        # Text nodes stripped and joined: cheap, and equal for copies that differ only in
        # the whitespace between tags.
        text = deep_text(node)
        if not shortest <= len(text) <= _MAX_CHARS:
            continue
        if node.mem_id == scope.mem_id or _covered(node, gone, covered):
            continue
        first = first_seen.get(text)
        if first is None:
            first_seen[text] = node
            continue
        if contains(first, node) or contains(node, first):
            continue  # a wrapper and its only child: one block, not two
        if len(text) < least and not _one_width_only(first, node):
            continue
        if node.css_first(_KEPT_INSIDE) is not None or _quoted(node) or _quoted(first):
            continue
        panel = _code_tab(node)
        if panel is not None and _code_tab(first) not in (None, panel):
            continue  # the same step in another language's tab
        out.append(node)
        gone.add(node.mem_id)
        covered[node.mem_id] = True
    return out


# Classes that show an element at some screen widths only: a display utility bound to a
# breakpoint that hides it (``md:hidden``, ``d-lg-none``) or shows an element otherwise hidden
# (``hidden md:block``, ``d-none d-md-flex``); a name joining a show/hide word to a size or
# device (``hidden-xs``, ``visible-lg``, ``show-for-small``, ``hide-for-mobile``,
# ``mobile-only``, ``is-hidden-touch``); a device as the whole name or a BEM modifier
# (``desktop``, ``card--mobile``).
_BREAKPOINT = r"(?:max-)?(?:sm|md|lg|xl|2xl|xxl|mobile|tablet|desktop)"
_DISPLAY = r"(?:block|flex|inline|inline-block|inline-flex|grid|table|table-cell|contents)"
_HIDES_AT = re.compile(rf"{_BREAKPOINT}:hidden|d-{_BREAKPOINT}-none")
_SHOWS_AT = re.compile(rf"{_BREAKPOINT}:{_DISPLAY}|d-{_BREAKPOINT}-{_DISPLAY}")
_HIDDEN = frozenset(("hidden", "d-none"))
_SHOW_WORDS = frozenset(("hidden", "hide", "visible", "show", "only"))
_DEVICES = ("mobile", "tablet", "desktop")
_SIZES = ("xs", "sm", "md", "lg", "xl", "xxl", "small", "medium", "large", "xlarge")
_WIDTH_WORDS = frozenset((*_SIZES, *_DEVICES, "phone", "touch"))
_WORD_SPLIT = re.compile(r"[-_]+")


def width_only_classes(classes: str) -> bool:
    """Whether classes show an element at some screen widths only (see above)."""
    tokens = classes.lower().split()
    hidden = not _HIDDEN.isdisjoint(tokens)
    for token in tokens:
        if _HIDES_AT.fullmatch(token) or (hidden and _SHOWS_AT.fullmatch(token)):
            return True
        if token in _DEVICES or token.endswith(("--mobile", "--tablet", "--desktop")):
            return True
        words = _WORD_SPLIT.split(token)
        if not _SHOW_WORDS.isdisjoint(words) and not _WIDTH_WORDS.isdisjoint(words):
            return True
    return False


def _one_width_only(first: LexborNode, copy: LexborNode) -> bool:
    """Whether ``first`` or ``copy``, or a block between it and their lowest common ancestor,
    has classes that show it at some screen widths only."""
    top = common_ancestor(first, copy)
    stop = top.mem_id if top is not None else None
    for node in (first, copy):
        current: LexborNode | None = node
        while current is not None and current.mem_id != stop:
            classes = current.attributes.get("class")
            if classes and width_only_classes(classes):
                return True
            current = current.parent
    return False


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
    texts = measured_texts()  # (``text_len`` written out below: about 400k steps on WCXB)
    stop = scope.mem_id
    # Link and button text by the blocks short enough to be bars that hold them, added up
    # climbing from each clickable with text (a block's links as ``link_text_len`` counts
    # them, plus the buttons inside it), and how many such clickables each block holds.
    clicked: dict[int, int] = {}
    held: dict[int, int] = {}
    voiced: list[LexborNode] = []
    known = texts.get  # (a local: the climb below takes about 300k steps on WCXB)
    for node in scope.css(_CLICKABLE):
        key = node.mem_id
        text = known(key)
        if text is None:
            text = texts[key] = node.text(deep=True, strip=True, skip_empty=True)
        amount = len(text)
        # (a clickable longer than a bar is in no bar, and neither is its parent)
        if not amount or amount > _BAR_MAX_CHARS:
            continue
        voiced.append(node)
        if key == stop:
            continue
        held[key] = held.get(key, 0) + 1
        if node.tag == "a":  # (``css("a")`` on a link counts the link itself)
            clicked[key] = clicked.get(key, 0) + amount
        current = node.parent
        while current is not None:
            key = current.mem_id
            if key == stop:
                break
            text = known(key)
            if text is None:
                text = texts[key] = current.text(deep=True, strip=True, skip_empty=True)
            if len(text) > _BAR_MAX_CHARS:
                break
            held[key] = held.get(key, 0) + 1
            clicked[key] = clicked.get(key, 0) + amount
            current = current.parent
    # the blocks that may be part of a bar: short, with text, mostly link or button text
    fitting = {
        key for key, amount in clicked.items() if amount >= _BAR_LINK_SHARE * len(texts[key])
    }
    # The widest bar reached climbing from a fitting block (itself when its parent does not
    # fit), remembered per block: the links of one bar climb through the same blocks.
    highest: dict[int, LexborNode] = {}
    bars: dict[int, LexborNode] = {}
    for node in voiced:
        parent = node.parent
        if parent is None or parent.mem_id not in fitting:
            continue
        path = [parent.mem_id]
        current = parent
        bar: LexborNode | None = highest.get(parent.mem_id)
        while bar is None:
            above = current.parent
            if above is None or above.mem_id not in fitting:
                bar = current
            else:
                bar = highest.get(above.mem_id)
                current = above
                path.append(above.mem_id)
        for passed in path:
            highest[passed] = bar
        bars[bar.mem_id] = bar
    # Words first, for every bar with two clickables or more: most bars' words occur once,
    # and only those that occur twice or more are looked at further.
    keyed = [
        (bar, word_line(texts[bar.mem_id]))
        for bar in bars.values()
        if held[bar.mem_id] >= _BAR_MIN_LINKS
    ]
    seen: dict[str, int] = {}
    for _, words in keyed:
        seen[words] = seen.get(words, 0) + 1
    gone = {n.mem_id for n in removed} if any(seen[w] > 1 for _, w in keyed) else set()
    groups: dict[str, list[LexborNode]] = {}
    for bar, words in keyed:
        if not words or seen[words] < 2 or bar.tag in _HEADING_SET:
            continue
        clickables = bar.css(_CLICKABLE)
        if all((n.attributes.get("href") or "").startswith("#") for n in clickables):
            continue  # in-page jumps (footnote marks), not a bar of the site
        said = {deep_text(n).lower() for n in clickables} - {""}
        if len(said) < _BAR_MIN_LINKS or bar.css_first(_HEADINGS) is not None:
            continue
        if has_ancestor_in(bar, gone):
            continue
        groups.setdefault(words, []).append(bar)
    out: list[LexborNode] = []
    total = text_len(scope)
    for copies in groups.values():
        if not 2 <= len(copies) <= _BAR_MAX_COPIES:
            continue
        if _between(copies[0], copies[-1]) < _BAR_GAP_SHARE * total:
            continue
        out += copies
    return out
