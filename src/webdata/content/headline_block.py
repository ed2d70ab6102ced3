"""The main block of a page without ``<main>`` / ``<article>``: the block around its headline.

Without a semantic block, the removals of ``main_content`` ran over the whole body as page
level: a header holding a post's byline, a table named ``sticky-header``, prose panels named
``widget`` were all taken for the site's chrome, and a page lost its text (a list page its
tables, a page-builder article its panels). Such a page usually still has one block that a
``<main>`` would have marked: the lowest one that holds the page's ``<h1>`` and nearly all of
the text beside the site's header, footer, navigation and asides. It is found by descending
from the body along the ``<h1>``'s ancestors while the next one holds at least
``_SHARE`` of the text of its parent that is not in those landmarks and the parts after it
hold no prose beyond a stray line (``_STRAY`` of the text: a search label; more goes on with
the block: a note, a sentence of the page's; a part before it is a breadcrumb or a notice,
and links after it are menus and teaser lists); it is taken
only when the descent ends at a small part holding the headline followed by a larger part (a
title above the text), not when the text is spread over parts with the headline (a page
wrapper), when the larger part comes before the headline (the site's header: a wrapper
again), nor at a table, a list or inline markup. It must hold at least ``_MIN_SHARE`` of the
page's text. The removals then run inside it as inside a ``<main>``. It reads only the
``<h1>``'s ancestors and their children: cheap enough for every page without a semantic block.

A page built of plain ``<div>``s marks none of its chrome: its menus and its footer's columns
of links are blocks like any other, and the headline's part never held nearly all of the
text beside them (a mega menu can hold more text than the content). On a page with none of
the chrome's landmarks (``<header>``, ``<footer>``, ``<nav>``, ``<aside>`` or their roles), a
part beside the headline's that is mostly links and is not a feed's part (at least half of
its headings teaser titles: a heading that is a link or inside one; a mega menu's few promo
tiles among its column labels do not count) counts as a landmark. A page that marks its
chrome says what its chrome is: there, such a block may be the page's own list of links.
The same page's footer is a part after the headline's that mixes text with links (a few
columns of links with a copyright line, an address, a tagline: a quarter to a half of it
links); counted as prose it stopped the descent above the block, and the footer stayed in the
main content. There, only a part with fewer links (``_MIXED``) is text that goes on after the
block: a closing sentence of the page's has none. A cookie notice, a pinned overlay or an
e-mail sign-up box after the block has few links but is no more the page's text: what those
chrome rules (``cookie_notices``, ``fixed_overlays``, ``email_signups``) take there is not
counted either, nor a modal dialog nested there (a contact form the footer keeps until
opened; a non-modal one, ``aria-modal="false"``, is a panel of the page's text) (read only
when the prose after the block would stop the descent); nor in
the text beside the headline's part that its share is measured against (read only when that
share falls short). Nor are divisions after the block that hold at most a tenth of the text
(``_FOOTER_SHARE``): there the unmarked footer's address and copyright lines, an author's
bio, a hidden modal or a form the rules did not know stopped the descent above the block,
and the page's whole chrome came with it. The page's own closing text is a paragraph beside
the block (a ``<p>``, a list: the descent still stops) or longer than that. Nor, in the text the
block's share is measured against, are divisions after it each holding at most
``_SIDE_SHARE`` of that text that mix text with links (the unmarked footer again) or open
with a heading naming the chrome ("Related posts", "Also see": the site's other pages):
counted, they kept the share below ``_SHARE`` and the block was lost.
"""

from __future__ import annotations

from collections.abc import Iterator

from selectolax.lexbor import LexborNode

from webdata.content.boilerplate import boilerplate_heading
from webdata.content.cookie_notices import cookie_notice_removals
from webdata.content.dom import link_text_len, text_len, topmost
from webdata.content.email_signups import email_signup_removals
from webdata.content.feed_parts import TEASER_HEADINGS, title_heading
from webdata.content.fixed_overlays import overlay_removals

_SHARE = 0.85  # of the text beside the landmarks: the rest is a breadcrumb, links, a widget
_MIN_SHARE = 0.2  # of the page's text, as for a semantic block
_STRAY = 0.01  # of the text: a stray line after the block (a search label, a notice)
# ... and on a page that marks none of its chrome, divisions after the block holding at most
# this much are its unmarked footer (an address, a tagline, a copyright line); the page's own
# closing paragraph is a <p> beside the block, its own further sections are longer
_FOOTER_SHARE = 0.1
# ... and, when the block's share falls short, parts after it holding at most this much of
# the text beside the landmarks that mix text with links or open with a heading naming the
# page's chrome ("Related posts", "Also see") are not text either: its unmarked footer, its
# list of other pages (a larger part is the page's own: a guide's list of its chapters)
_SIDE_SHARE = 0.3
_LINK_DENSE = 0.5  # a part at least this much links is a menu or a list of links, not prose
# ... and on a page that marks none of its chrome, one this much links is its unmarked footer
# (columns of links with a copyright, an address: a third to a half links; prose has few)
_MIXED = 0.25
# Page landmarks: their text is not counted (they are removed anyway).
_LANDMARK_TAGS = frozenset({"nav", "aside", "header", "footer", "dialog"})
_LANDMARK_ROLES = frozenset(
    {"navigation", "banner", "contentinfo", "complementary", "search", "dialog"}
)
_DIALOGS = "dialog, [role=dialog], [role=alertdialog]"
_HEADINGS = "h1, h2, h3, h4, h5, h6, [role=heading]"
# The chrome's own landmarks (a dialog is not one: a page of plain <div>s has modals too).
_CHROME_SELECTOR = (
    "header, footer, nav, aside, [role=banner], [role=contentinfo], [role=navigation], "
    "[role=complementary], [role=search]"
)
# Blocks the descent goes into (not tables, lists or inline markup).
_BLOCKS = frozenset({"div", "section", "article", "main", "form", "center"})


def _landmark(node: LexborNode) -> bool:
    return node.tag in _LANDMARK_TAGS or node.attributes.get("role") in _LANDMARK_ROLES


def _aside(node: LexborNode, step: LexborNode, unmarked: bool) -> bool:
    """Whether ``node``, a part beside ``step`` (the headline's part), is the site's chrome:
    a landmark, or, on a page that marks none of its chrome (``unmarked``), a block of links
    that is not a feed's part (a menu, a footer's columns)."""
    if _landmark(node):
        return True
    if not unmarked or node.mem_id == step.mem_id:
        return False
    return link_panel(node)


def marks_no_chrome(root: LexborNode) -> bool:
    """Whether the page under ``root`` marks none of its chrome as landmarks (no
    ``<header>``, ``<footer>``, ``<nav>``, ``<aside>`` nor their roles)."""
    return root.css_first(_CHROME_SELECTOR) is None


def link_panel(node: LexborNode) -> bool:
    """Whether ``node`` is made mostly of links and is not a feed's part (a menu, a footer's
    columns, a sidebar of links: on a page of plain ``<div>``s, a missing landmark)."""
    size = text_len(node)
    return bool(size) and link_text_len(node) >= _LINK_DENSE * size and not _teasers(node)


def _teasers(node: LexborNode) -> bool:
    """Whether ``node`` is a feed's part: at least half of its headings are teasers' titles
    (a heading that is mostly a link, or inside one). A mega menu's few promo tiles (a
    heading inside a link) among its many plain column labels do not make it a feed."""
    headings = node.css(TEASER_HEADINGS)
    if not headings:
        return False
    titles = {heading.mem_id for heading in headings if title_heading(heading)}
    # (links never nest: each link's subtree is read once)
    for link in node.css("a"):
        titles.update(h.mem_id for h in link.css(TEASER_HEADINGS))
    return 2 * len(titles) >= len(headings)


def _chain(body: LexborNode, h1: LexborNode) -> list[LexborNode]:
    """The ancestors of ``h1`` below ``body``, outermost first."""
    chain: list[LexborNode] = []
    current = h1.parent
    while current is not None and current.mem_id != body.mem_id:
        chain.append(current)
        current = current.parent
    chain.reverse()
    return chain


def headline_block(body: LexborNode, body_len: int) -> LexborNode | None:
    """The lowest block holding the page's first ``<h1>`` and nearly all of the text beside
    the page's landmarks, or None (no ``<h1>``, or no such block below the body).

    ``body_len`` is the text length of ``body``.
    """
    h1 = body.css_first("h1")
    if h1 is None or body_len == 0:
        return None
    node = body
    # (a page that marks its chrome as landmarks says what its chrome is: only on a page of
    # plain <div>s do blocks of links beside the headline stand for the missing landmarks)
    unmarked = marks_no_chrome(body)
    for step in [*_chain(body, h1), h1]:
        if node.text(deep=False, strip=True):
            return None  # text right inside the block would be left beside the descent
        asides = {c.mem_id: text_len(c) for c in node.iter() if _aside(c, step, unmarked)}
        content = text_len(node) - sum(asides.values())
        size = 0 if _landmark(step) else text_len(step)
        taken: dict[int, int] | None = None  # (read once per block, when first needed)
        if size < _SHARE * content and unmarked and step.tag in _BLOCKS:
            # (what the chrome rules take beside the headline's part is not text either)
            taken = _taken(node)
            content -= sum(n for i, n in taken.items() if i != step.mem_id and i not in asides)
            # (nor is the unmarked footer after it, nor a list of the site's other pages)
            content -= _footer_after(node, step, asides, taken, content)
        if size < _SHARE * content or step.tag not in _BLOCKS or _landmark(step):
            if size * 2 < content and _beside(node, step, size):
                break  # the headline's part is a title above the text
            return None  # the text spread over parts with the headline, or a table, a list
        if size < content and _goes_on(node, step, unmarked, content, taken):
            return None  # the text goes on after the block: it is not the whole of it
        node = step
    if node.mem_id == body.mem_id or text_len(node) < _MIN_SHARE * body_len:
        return None
    return node


def _beside(node: LexborNode, step: LexborNode, size: int) -> bool:
    """Whether a part of ``node`` after ``step`` (``size`` characters), not a landmark, holds
    more text than it: the headline is a title above the block's text (a larger part before
    it is the site's header: ``node`` is a page wrapper)."""
    return any(
        text_len(child) > size and not _landmark(child) for child in _parts_after(node, step)
    )


def _goes_on(
    node: LexborNode,
    step: LexborNode,
    unmarked: bool,
    content: int,
    taken: dict[int, int] | None,
) -> bool:
    """Whether more than a stray line of prose (``_STRAY`` of ``content``, the text beside
    the landmarks) follows ``step`` in ``node``: on a page that marks none of its chrome,
    not counting what the chrome rules take there (a cookie notice, a pinned overlay, a
    sign-up box; ``taken``, :func:`_taken` of ``node`` when already read), nor divisions
    holding at most ``_FOOTER_SHARE`` of the text (its unmarked footer)."""
    stray = _STRAY * content
    if _prose_after(node, step, unmarked, {}) <= stray:
        return False
    if not unmarked:
        return True
    if taken is None:
        taken = _taken(node)
    prose = _prose_after(node, step, unmarked, taken)
    if prose <= stray:
        return False
    return prose > _FOOTER_SHARE * content or _paragraph_after(node, step)


def _footer_after(
    node: LexborNode, step: LexborNode, asides: dict[int, int], taken: dict[int, int], content: int
) -> int:
    """Characters of the divisions of ``node`` after ``step``, not ``asides``, each at most
    ``_SIDE_SHARE`` of ``content``, that mix text with links (at least ``_MIXED``) or open
    with a heading naming the page's chrome: on a page that marks none of its chrome, its
    unmarked footer, its lists of related pages (``taken``: what the chrome rules take there,
    already not counted)."""
    footer = 0
    for child in _parts_after(node, step):
        if child.tag not in _BLOCKS or child.mem_id in asides:
            continue
        size = text_len(child)
        if not size or size > _SIDE_SHARE * content:
            continue
        first = child.css_first(_HEADINGS)
        if link_text_len(child) >= _MIXED * size or (
            first is not None and boilerplate_heading(first)
        ):
            footer += size - taken.get(child.mem_id, 0)
    return footer


def _paragraph_after(node: LexborNode, step: LexborNode) -> bool:
    """Whether a part of ``node`` after ``step`` that is text is not a division (a
    paragraph, a list, a table: the block's text goes on, where a footer is a division)."""
    for child in _parts_after(node, step):
        if child.tag not in _BLOCKS and not _landmark(child):
            size = text_len(child)
            if size and link_text_len(child) < _MIXED * size:
                return True
    return False


def _taken(node: LexborNode) -> dict[int, int]:
    """Characters the chrome rules take under each child of ``node``, by the child's id."""
    total = text_len(node)
    found = [
        *cookie_notice_removals(node, total),
        *overlay_removals(node, total),
        *email_signup_removals(node, total),
        *_dialog_removals(node),
    ]
    taken: dict[int, int] = {}
    for box in topmost(found):
        child = box
        while child.parent is not None and child.parent.mem_id != node.mem_id:
            child = child.parent
        taken[child.mem_id] = taken.get(child.mem_id, 0) + text_len(box)
    return taken


def _dialog_removals(node: LexborNode) -> list[LexborNode]:
    """The dialogs nested in the parts of ``node`` (a dialog that is a part is a landmark
    already): a contact form, a consultation offer, a privacy box the site keeps in its
    unmarked footer until opened are no text of the page. A dialog that says it is not modal
    (``aria-modal="false"``) is kept: a panel that opens beside the page's own text (a shop's
    policies beside its product) is that text."""
    found: list[LexborNode] = []
    for child in node.iter():
        if _landmark(child):
            continue
        found += (
            dialog
            for dialog in child.css(_DIALOGS)
            if (dialog.attributes.get("aria-modal") or "").strip().lower() != "false"
        )
    return topmost(found)


def _prose_after(node: LexborNode, step: LexborNode, unmarked: bool, taken: dict[int, int]) -> int:
    """Characters of the parts of ``node`` after ``step``, not landmarks, that are text
    rather than links (before it, a part is a breadcrumb or a notice above the block).
    On a page that marks none of its chrome (``unmarked``), a part that mixes text with
    links is not prose either: it is the unmarked footer."""
    prose = 0
    dense = _MIXED if unmarked else _LINK_DENSE
    for child in _parts_after(node, step):
        size = 0 if _landmark(child) else text_len(child)
        if size and link_text_len(child) < dense * size:
            prose += size - taken.get(child.mem_id, 0)
    return prose


def _parts_after(node: LexborNode, step: LexborNode) -> Iterator[LexborNode]:
    """The children of ``node`` after its child ``step``."""
    children = node.iter()
    for child in children:
        if child.mem_id == step.mem_id:
            break
    yield from children
