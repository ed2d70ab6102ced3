"""What stands above the page's headline inside the main block.

The main block often opens with a few lines before its ``<h1>``: a kicker or category label
("Opinion", "Investing"), a date, breadcrumbs or a "Home > Knowledge center" trail, a promo
bar ("Storewide sale, use code X"), an affiliate note, a site banner ("Welcome to X! The
place to ..."), a section name ("IMDb Charts"), a logo and a couple of menu links. On
articles, listings, docs and forums alike these lines are chrome around the item, not its
text: the content starts at its headline.

So when the elements before the first ``<h1>`` of the block (the earlier siblings of the
headline and of each of its ancestors below the block) hold little text, at most
``_MAX_CHARS`` characters and ``_MAX_SHARE`` of the block, those holding text go. Menus
(elements mostly of links) are not counted in those lines: without a main block the site's
header and its menu stand above the headline too, and must not hide a promo box beside them
("Limited time: ..."); they may be up to ``_MENU_SHARE`` of the block. More than that before
the headline is content (a headline at the foot of a list, a question above its title) and
stays.

On a product page (:func:`commerce_noise.is_product_page`) the line right above the product's
name may be its tagline ("Break New Ground: Performance & Power On the Go"): the maker's copy
about the product, which its page shows as its text. The element just before the ``<h1>``
stays there when it reads as a phrase: at least ``_TAGLINE_WORDS`` words, at most
``_TAGLINE_CHARS`` characters, no figure (a rating, a price, a promo's amount), no link, button
or picture (a brand's logo, a breadcrumb).
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.commerce_noise import is_product_page
from webdata.content.dom import link_text_len, text_len

_MAX_CHARS = 500  # a few lines: kicker, date, trail, banner, promo bar
_MAX_SHARE = 0.1  # of the block's text
_LINK_DENSE = 0.5  # an element this much link text is a menu: not counted in the lines
_MENU_SHARE = 0.25  # ... unless the menus above the headline are this much of the block
_TAGLINE_WORDS = 4
_TAGLINE_CHARS = 120
_WORD = re.compile(r"[^\W\d_]+")


def _line_chars(node: LexborNode) -> int:
    """The element's text, or 0 for a menu (mostly links)."""
    size = text_len(node)
    return 0 if link_text_len(node) >= _LINK_DENSE * size else size


def pre_headline_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """The elements with text before the block's first ``<h1>``, when they are few."""
    h1 = scope.css_first("h1")
    if h1 is None or h1.mem_id == scope.mem_id or not text_len(h1):
        return []
    before: list[LexborNode] = []
    current = h1
    while current.mem_id != scope.mem_id:
        sibling = current.prev
        while sibling is not None:
            if sibling.is_element_node and text_len(sibling):
                before.append(sibling)
            elif sibling.is_text_node and (sibling.text_content or "").strip():
                return []  # loose text beside the path: a part of a line, not a block
            sibling = sibling.prev
        parent = current.parent
        if parent is None:
            return []
        current = parent
    size = sum(map(_line_chars, before))
    if sum(map(text_len, before)) - size > _MENU_SHARE * total:
        return []  # a list of links above a headline at its foot: content
    if size > _MAX_CHARS or size > _MAX_SHARE * total:
        return []
    if before and is_product_page(scope):
        tagline = _element_before(h1)
        if tagline is not None and _tagline(tagline):
            return [node for node in before if node.mem_id != tagline.mem_id]
    return before


def _element_before(node: LexborNode) -> LexborNode | None:
    """The previous sibling element of ``node``."""
    sibling = node.prev
    while sibling is not None and not sibling.is_element_node:
        sibling = sibling.prev
    return sibling


def _tagline(node: LexborNode) -> bool:
    """Whether ``node`` reads as a product's tagline: a phrase, no figure, no link."""
    text = node.text(deep=True, separator=" ", strip=True)
    if len(text) > _TAGLINE_CHARS or any(c.isdigit() for c in text):
        return False
    if node.css_first("a, button, img, svg, picture") is not None:
        return False
    return len(_WORD.findall(text)) >= _TAGLINE_WORDS
