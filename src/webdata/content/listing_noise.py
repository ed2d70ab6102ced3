"""Residual boilerplate of collection and listing pages (shop category pages, product grids,
blog indexes, search results, directories).

Rules, each general (no site names):

* the actions printed on every card of a grid ("Quick view", "Compare", "Add to wishlist",
  "View company profile", "Mark as watched", "Calculate shipping", "More like this", "More
  in this category X": grouped by its opening, as each card names its own category...): an
  element whose whole text is such a phrase, when the same phrase stands on at least
  ``_MIN_REPEATS`` elements of the block, each in a card (inside a link, or within a few
  levels of a picture), so a lone "Compare" in an article's prose or a table is left alone;
* the field labels of cards ("Brand name", "Product name", "Price", "Rating": ``dt``s of a
  ``dl`` that sits in a card link or beside the card's picture) repeated on at least
  ``_LABEL_REPEATS`` cards; the values stay;
* the merchandising stamped on every card: badges ("Top rated", "New arrival", "Best
  seller") and promotion lines ("Extra 17% off with code X", "+ Free shipping", "Sale ends
  ..."), repeated on cards like the actions. Discount amounts ("Save $50", "43% off") are
  price information and stay; so do promotions standing once on the page (on service and
  product pages they are often the text);
* the dates of teasers ("Feb 9, 2026", "3 months ago", "7 min read") standing alone on
  the cards of a block made mostly of links (blog and news indexes); not permalinks (the
  dates of a thread's posts) nor dates that are part of a line ("Updated 6 days ago");
* photo credits naming a picture agency ("Jane Doe via Getty Images", "Image: X /
  Unsplash"), short and beside a picture: news indexes carry one per teaser (articles too);
* what is left of a results toolbar once its controls are gone: the captions of the sort,
  view and filter pickers ("Sort by:", "Sort: Best Match", "View:", "Filter by:", "Popular
  filters"), each the whole text of a short element. Not the result count ("51 products",
  "3953 items found") beside the headline: it tells the reader the size of the list;
* a pager's position standing alone, the shown part of a list below the whole ("Showing 24
  of 193 results" over a "Show more" button, "showing 1 - 5 of 52" over arrows): where the
  pager stands, not what the list holds, so no control need stand beside it;
* the header row of a result list: a short element whose whole text is the list's size
  ("22 products", "Showing 1-24 of 120"), in a small block of at least three short lines
  (no headline) one of which is a sort or filter control's word ("Sort: Featured", "Filter &
  Sort", "Expand/Collapse All Filters"). The block goes, count and all: found by its text,
  it goes also where class names say nothing (hashed);
* the second rendering of a card's item: two links to the same target in one card, with
  different texts both at least ``_RENDERING_MIN_CHARS`` long (a link laid over the card
  that carries the item's full description, then the visible one), on at least
  ``_MIN_REPEATS`` cards: the second goes (the copy outside a heading), when it stands alone;
* the second copy of a card's link: cards often link their title twice (a link laid over
  the whole card, then the heading's), so the title is written out twice. The same link
  (target and text) exactly twice within one card, on at least ``_MIN_REPEATS`` cards: the
  copy outside a heading goes, when it stands alone (a reference repeated in prose stays).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterator
from functools import partial
from itertools import islice, pairwise

from selectolax.lexbor import LexborNode

from webdata.content.dom import (
    contains,
    deep_text,
    elements,
    line_text,
    link_text_len,
    lowered_text,
    near_ancestor_tagged,
    near_common_ancestor,
    short_texts,
    text_len,
    topmost,
    widest_while,
)

_CARD_ACTION = re.compile(
    r"^\W*(?:"
    r"(?:add\s+to\s+|\+\s*)?(?:compare|wish\s*list|favou?rites|cart|bag|basket)|"
    r"add\s+to\s+(?:compare|wish\s*list|favou?rites|list|collection)\b.{0,40}|"
    r"quick\s*(?:shop|view|look|add|buy)|more\s+info(?:rmation)?|"
    r"(?:view|see|get|show)\s+(?:product\s+|full\s+)?details|key\s+features|"
    r"calculate\s+shipping|(?:request\s+)?stock\s+alert|notify\s+me(?:\s+when\s+available)?|"
    r"(?:choose|select|more|see\s+all)\s+options|save\s+for\s+later|"
    r"view\s+(?:company\s+|seller\s+|store\s+)?profile|mark\s+as\s+(?:watched|read|seen)|"
    r"rate(?:\s+this)?|follow|add\s+(?:a\s+)?comment|get\s+reward\s+points|ways\s+to\s+save|"
    r"learn\s+how|more(?:\s+like\s+this)?|"
    r"more\s+(?:in|from)\s+(?:this\s+)?(?:category|section|topic|series|author|brand|seller)\b.{0,40}|"
    # badges
    r"(?:top|highly)\s+rated|best\s*-?\s*sellers?|new(?:\s+(?:arrivals?|colou?rs?|release|in))?|"
    r"brand\s+new|award\s+winner|just\s+reduced|closeout|clearance|last\s+chance|"
    r"online\s+only|exclusive|limited\s+edition|staff\s+pick|trending|hot|sale|on\s+sale"
    r")\W*$",
    re.IGNORECASE,
)
_PROMO = re.compile(
    r"^\W*(?:"
    r"extra\s+(?:\$|€|£)?\d+(?:[.,]\d+)?\s*%?\s+off\b.{0,80}|"
    r".{0,80}\b(?:use|with|enter|apply)\s+(?:the\s+)?(?:coupon\s+|promo\s+|discount\s+)?"
    r"code\b.{0,80}|"
    r".{0,40}\boff\s+your\s+(?:first\s+|next\s+)?(?:order|purchase)\b.{0,80}|"
    r"\+?\s*free\s+(?:standard\s+|ground\s+|2-day\s+)?shipping\b.{0,60}|"
    r"(?:sale|offer|deal)\s+ends\b.{0,120}|"
    r"(?:bundle|buy\s+more)\s*(?:&|and)?\s*save\b.{0,80}"
    r")$",
    re.IGNORECASE | re.DOTALL,
)
_CREDIT = re.compile(
    r"^\W*(?:(?:photo|image|picture|illustration)s?\s*(?:by|credit|courtesy|:)|credit\s*:|"
    r"courtesy\s+of|\(c\)|©)?.{0,60}\b(?:getty\s+images|shutterstock|stock\.adobe\.com|"
    r"adobe\s+(?:stock|firefly)|istock(?:photo)?|unsplash|pexels|alamy|ap\s+photo|"
    r"permission\s+granted\s+by)\b.{0,40}$",
    re.IGNORECASE | re.DOTALL,
)
_CREDIT_MAX_CHARS = 100
_AGENCIES = (
    "getty images", "shutterstock", "stock.adobe", "adobe stock", "adobe firefly", "istock",
    "unsplash", "pexels", "alamy", "ap photo", "permission granted by",
)  # fmt: skip
_PROMO_HINT = re.compile(r"\b(?:off|code|shipping|ends|save)\b", re.IGNORECASE)
_PHRASE_TAGS = "a, span, div, p, li, small, strong, b, em, dd, dt, label, section, figcaption, cite"
_WRAPPER_CHILDREN = 4
_ACTION_MAX_CHARS = 60
_PROMO_MAX_CHARS = 200
_HEADINGS_OR_PICTURES = "h1, h2, h3, h4, h5, h6, img, picture"
_MIN_REPEATS = 3
_LABEL_REPEATS = 5
_CARD_LEVELS = 6  # a phrase this close to a picture or inside a link is a card's


def _short_texts(
    scope: LexborNode, tags: str, limit: int, *, own_text: bool = False
) -> Iterator[tuple[LexborNode, str]]:
    """The elements matching ``tags`` under ``scope`` (not itself) whose text is at most
    ``limit`` characters, with that text on one line. ``own_text``: only elements with text
    of their own, measured first (wrappers of whole blocks have none, and are not read)."""
    for node, text in short_texts(scope, scope.css(tags), limit, own_text=own_text):
        yield node, " ".join(text.split())


def in_card(node: LexborNode, levels: int = _CARD_LEVELS) -> bool:
    """Whether ``node`` sits in an item card: inside a link, or beside a picture, within
    ``levels`` ancestors."""
    current = node.parent
    top = None
    for _ in range(levels):
        if current is None:
            break
        if current.tag == "a":
            return True
        top = current
        current = current.parent
    # (a picture beside a lower ancestor is under the highest one too: one search)
    return top is not None and top.css_first("img, picture") is not None


def _card_phrase(node: LexborNode, text: str, kind: str | None) -> bool:
    """Whether ``node`` (text ``text`` of ``_phrase_kind`` ``kind``) is a card phrase."""
    if kind == "action":
        return True
    return kind == "promo" and node.css_first(_HEADINGS_OR_PICTURES) is None


def _phrase_kind(text: str) -> str | None:
    """Which card phrase ``text`` is: "action" (a card action), "promo" (a promotion line, a
    card phrase where its element holds no heading or picture) or None (neither)."""
    if len(text) <= _ACTION_MAX_CHARS and _CARD_ACTION.match(text):
        return "action"
    if _PROMO_HINT.search(text) is not None and _PROMO.match(text) is not None:
        return "promo"
    return None


def _outermost(node: LexborNode, text: str, scope: LexborNode) -> LexborNode:
    """The outermost wrapper of ``node`` below ``scope`` that holds nothing but its ``text``."""
    return widest_while(node, scope, partial(_holds_only, text)) or node


def _holds_only(text: str, node: LexborNode) -> bool:
    """Whether ``node`` is a wrapper of a few children whose text is ``text``."""
    return _few_children(node) and " ".join(deep_text(node).split()) == text


def _few_children(node: LexborNode) -> bool:
    return next(islice(node.iter(), _WRAPPER_CHILDREN, None), None) is None


def _credit(text: str, agencies: list[str]) -> bool:
    """Whether ``text`` is a photo credit naming one of the ``agencies``."""
    if len(text) > _CREDIT_MAX_CHARS or not agencies:
        return False
    lowered = text.lower()
    return any(agency in lowered for agency in agencies) and _CREDIT.match(text) is not None


def _agencies_in(scope: LexborNode) -> list[str]:
    """The picture agencies named in the block's text (its elements' texts, whitespace
    collapsed, are parts of it): most blocks name none, and their phrases are not searched."""
    flat = " ".join(lowered_text(scope).split())
    return [agency for agency in _AGENCIES if agency in flat]


def _worth_a_look(lines: str) -> bool:
    """Whether the block's text (``lines``: its text nodes one a line) names a picture agency
    or repeats a card phrase on separate lines: most pages do neither, and are spared the
    element-by-element pass."""
    text = lines.lower()
    if any(agency in text for agency in _AGENCIES):
        return True
    return any(
        count >= _MIN_REPEATS
        and len(line) <= _PROMO_MAX_CHARS
        and (_CARD_ACTION.match(line) or _PROMO.match(line))
        for line, count in Counter(text.split("\n")).items()
    )


_MORE_IN = re.compile(
    r"^\W*more\s+(?:in|from)\s+(?:this\s+)?(?:category|section|topic|series|author|brand|seller)\b",
    re.IGNORECASE,
)


def _phrase_key(text: str) -> str:
    """What makes two card phrases the same: their text, but for "More in this category X"
    its opening (each card names its own category)."""
    lowered = text.lower()
    more = _MORE_IN.match(lowered)
    return more.group(0) if more else lowered


def _phrase_removals(scope: LexborNode, lines: str) -> list[LexborNode]:
    """Card actions, badges and promotion lines repeated on the cards of a grid, and photo
    credits beside pictures.

    Only elements with text of their own are read in full (wrappers of whole blocks have
    none), so the pass stays about linear in the size of the block; a match is then raised
    to the outermost wrapper holding nothing else.
    """
    found: dict[str, list[LexborNode]] = defaultdict(list)
    out: list[LexborNode] = []
    if not _worth_a_look(lines):
        return out
    agencies = _agencies_in(scope)
    # (the cards repeat their phrases: each text is asked once)
    asked: dict[str, tuple[bool, str | None]] = {}
    for node, text in _short_texts(scope, _PHRASE_TAGS, _PROMO_MAX_CHARS, own_text=True):
        answer = asked.get(text)
        if answer is None:
            credit = _credit(text, agencies)
            answer = asked[text] = (credit, None if credit else _phrase_kind(text))
        credit, kind = answer
        if not credit and not _card_phrase(node, text, kind):
            continue
        node = _outermost(node, text, scope)
        if not in_card(node):
            continue
        if credit:
            out.append(node)
        else:
            found[_phrase_key(text)].append(node)
    for nodes in found.values():
        top = topmost(nodes)
        if len(top) >= _MIN_REPEATS:
            out += top
    return out


def field_label_removals(scope: LexborNode) -> list[LexborNode]:
    """``dt`` labels repeated on every card ("Brand name", "Price", "Rating")."""
    found: dict[str, list[LexborNode]] = defaultdict(list)
    cards: dict[int, bool] = {}
    for node in scope.css("dt"):
        text = node.text(deep=True, strip=True)
        dl = node.parent
        if not text or len(text) > _ACTION_MAX_CHARS or dl is None:
            continue
        if dl.mem_id not in cards:
            cards[dl.mem_id] = in_card(dl, levels=1)
        if cards[dl.mem_id]:
            found[" ".join(text.lower().split())].append(node)
    out: list[LexborNode] = []
    for nodes in found.values():
        if len(nodes) >= _LABEL_REPEATS:
            out += nodes
    return out


_TEASER_DATE = re.compile(
    r"^\W*(?:(?:published|posted)(?:\s+on)?\s*:?\s*)?(?:"
    r"\d+\s+(?:sec|second|min|minute|hour|hr|day|week|month|year)s?\s+ago|"
    r"(?:a|an|one)\s+(?:minute|hour|day|week|month|year)\s+ago|"
    r"\d+\s+min(?:ute)?s?\s+read|"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+\d{4}|"
    r"\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?,?\s+\d{4}"
    r")(?:\s+\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?,?\s+\d{4})?"
    r"\W*$",
    re.IGNORECASE,
)
_DATE_TAGS = "time, span, div, p, small, li"
_DATE_MAX_CHARS = 60
_DATE_REPEATS = 3
_LISTING_LINKS = 0.35  # share of the block's text in links that makes it a list of teasers


def _date_lines(lines: str) -> int:
    return sum(
        1 for line in lines.split("\n") if len(line) <= _DATE_MAX_CHARS and _TEASER_DATE.match(line)
    )


def teaser_date_removals(scope: LexborNode, total: int, lines: str) -> list[LexborNode]:
    """Dates, relative times and reading times standing alone on the teasers of a link list
    ("Feb 9, 2026", "3 months ago", "7 min read"), when at least ``_DATE_REPEATS`` of them sit
    in cards of a block made mostly of links.

    Not a date that is a link of its own (a post's permalink: forum threads date their posts
    so) nor one that is part of a line ("Updated 6 days ago": a field of the item).
    ``lines``: the block's text nodes, one a line.
    """
    if link_text_len(scope) < _LISTING_LINKS * max(total, 1) or _date_lines(lines) < _DATE_REPEATS:
        return []
    linked = {" ".join(deep_text(a).split()) for a in elements(scope, "a")}
    found: list[LexborNode] = []
    for node, text in _short_texts(scope, _DATE_TAGS, _DATE_MAX_CHARS):
        if not _TEASER_DATE.match(text) or text in linked or not in_card(node):
            continue
        parent = node.parent
        if parent is not None and parent.text(deep=False, strip=True):
            continue  # a part of a line: "Updated 6 days ago"
        found.append(node)
    top = topmost(found)
    return top if len(top) >= _DATE_REPEATS else []


_CARD_CHARS = 600  # the lowest container of two copies of a link this small: one card
_CARD_DEPTH = 8  # ... and at most this many levels above each copy
_CARD_NODES = 400  # ... and of at most this many nodes
_HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_HEADING_LEVELS = 3


def _in_heading(node: LexborNode) -> bool:
    return near_ancestor_tagged(node, _HEADING_TAGS, _HEADING_LEVELS) is not None


def _stands_alone(node: LexborNode) -> bool:
    parent = node.parent
    return parent is not None and not parent.text(deep=False, strip=True)


def _links_by_target(scope: LexborNode) -> dict[str, list[LexborNode]]:
    """The links under ``scope`` by their ``href``, in document order."""
    by_href: dict[str, list[LexborNode]] = defaultdict(list)
    for link in elements(scope, "a[href]"):
        by_href[link.attrs.get("href") or ""].append(link)
    return by_href


def duplicate_link_removals(by_href: dict[str, list[LexborNode]]) -> list[LexborNode]:
    """The second copy of a link (same target, same text) within one card, the copy outside
    a heading, when it stands alone; only when at least ``_MIN_REPEATS`` cards do so
    (``by_href``: the block's links by target)."""
    links: dict[tuple[str, str], list[LexborNode]] = defaultdict(list)
    for href, same in by_href.items():
        if len(same) < 2 or href.startswith(("#", "javascript:")):
            continue  # most targets are linked once (their text is not read); not controls
        for link in same:
            text = " ".join(deep_text(link).split()).lower()
            if text:
                links[(href, text)].append(link)
    out: list[LexborNode] = []
    sizes: dict[int, int] = {}
    for nodes in links.values():
        for i, (first, second) in enumerate(pairwise(nodes)):
            card = _card_of(first, second, sizes)
            if card is None:
                continue
            others = nodes[max(i - 1, 0) : i] + nodes[i + 2 : i + 3]
            if any(contains(card, other) for other in others):
                continue  # three copies: which of them the page shows is not known
            copy = first if _in_heading(second) and not _in_heading(first) else second
            if _stands_alone(copy):
                out.append(copy)
    top = topmost(out)
    return top if len(top) >= _MIN_REPEATS else []


_PICKER = (
    r"(?:sort(?:\s+by)?|order\s+by|(?:popular\s+|active\s+)?filters?(?:\s+by)?|"
    r"refine(?:\s+by)?|view)"
)
_TOOLBAR = re.compile(
    r"^\W*(?:"
    rf"(?:{_PICKER}\s*:\s*)+|"  # captions of pickers whose control is gone: "View:"
    r"(?:sort|order)(?:\s+by)?\s*:\s*[\w\s-]{1,30}|"  # ... with the chosen value
    r"(?:popular\s+|active\s+)?filters?(?:\s+by)?|refine\s+by"  # a filter panel's title
    r")\W*$",
    re.IGNORECASE,
)
_TOOLBAR_HINT = re.compile(
    r"\b(?:sort|order|filters?|refine|view)\b",
    re.IGNORECASE,
)
# How every caption opens (whitespace is \W: the same before and after collapsing it).
_TOOLBAR_START = re.compile(r"\W*(?:sort|order|popular|active|filter|refine|view)", re.IGNORECASE)
_TOOLBAR_TAGS = "div, span, p, li, label, strong, b, small, h2, h3, h4, h5, h6, legend, dt"
_TOOLBAR_MAX_CHARS = 60


def toolbar_removals(scope: LexborNode, lines: str) -> list[LexborNode]:
    """The captions of a results toolbar whose pickers are gone ("Sort by:", "Sort: Best
    Match", "View:", "Filters"), each the whole text of a short element (``lines``: the
    block's text nodes, one a line)."""
    if not any(
        len(line) <= _TOOLBAR_MAX_CHARS and _TOOLBAR_HINT.search(line) for line in lines.split("\n")
    ):
        return []
    found = []
    for node, text in short_texts(scope, elements(scope, _TOOLBAR_TAGS), _TOOLBAR_MAX_CHARS):
        if not _TOOLBAR_START.match(text):
            continue  # (most texts: not collapsed nor matched)
        text = " ".join(text.split())
        if _TOOLBAR.match(text) and (":" in text or not _heading(node)):
            found.append(node)  # a heading "Filters" without a colon may open documentation
    return topmost(found)


def _heading(node: LexborNode) -> bool:
    return node.tag in _HEADING_TAGS or _in_heading(node)


_RENDERING_MIN_CHARS = 20  # both links this long: two renderings of the item, not a title and a CTA


def _card_of(first: LexborNode, second: LexborNode, sizes: dict[int, int]) -> LexborNode | None:
    """The one card holding both links (their near common ancestor, small), or None."""
    card = near_common_ancestor(first, second, _CARD_DEPTH)
    if card is None:
        return None
    if card.mem_id not in sizes:  # a big container is not measured: counted out
        small = next(islice(card.traverse(), _CARD_NODES, None), None) is None
        sizes[card.mem_id] = text_len(card) if small else _CARD_CHARS + 1
    return card if sizes[card.mem_id] <= _CARD_CHARS else None


def second_rendering_removals(by_href: dict[str, list[LexborNode]]) -> list[LexborNode]:
    """The second of two links to the same target in one card whose texts differ and are
    both long: cards lay a link over the whole card that carries a full description of the
    item ("Brand - Model. Color Grey. On sale for $108.00. 4.4 out of 5 stars"), then show
    the visible link; the item is written out twice. The copy outside a heading goes, when
    it stands alone; only when at least ``_MIN_REPEATS`` cards do so (``by_href``: the
    block's links by target)."""
    out: list[LexborNode] = []
    sizes: dict[int, int] = {}
    for href, same in by_href.items():
        if len(same) != 2 or href.startswith(("#", "javascript:")):
            continue
        first, second = same
        texts = {" ".join(deep_text(a).split()).lower() for a in same}
        if len(texts) < 2 or min(len(t) for t in texts) < _RENDERING_MIN_CHARS:
            continue  # the same text is duplicate_link_removals' case
        if _card_of(first, second, sizes) is None:
            continue
        copy = first if _in_heading(second) and not _in_heading(first) else second
        if _stands_alone(copy):
            out.append(copy)
    top = topmost(out)
    return top if len(top) >= _MIN_REPEATS else []


def listing_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """Boilerplate elements under ``scope`` (text length ``total``) of collection/listing pages."""
    # (the block's text nodes, one a line, and its links: read once for several rules)
    lines = line_text(scope)
    by_href = _links_by_target(scope)
    return (
        _phrase_removals(scope, lines)
        + field_label_removals(scope)
        + teaser_date_removals(scope, total, lines)
        + duplicate_link_removals(by_href)
        + second_rendering_removals(by_href)
        + toolbar_removals(scope, lines)
    )


_COUNT_NOUN = r"(?:results?|products?|items?|styles?|listings?|matches|entries)"
# The size of a result list standing alone: "22 products", "33 Results", "Showing 1-24 of
# 120", "Showing 24 of 193 results", "3953 items found".
_COUNT = re.compile(
    r"^\W*(?:"
    rf"(?:showing\s+)?\d[\d,.]*\s*(?:(?:[-\u2013]|to)\s*\d[\d,.]*\s*)?of\s+\d[\d,.]*(?:\s+{_COUNT_NOUN})?|"
    rf"(?:showing\s+)?\d[\d,.]*\s*{_COUNT_NOUN}(?:\s+found)?"
    r")\W*$",
    re.IGNORECASE,
)
_COUNT_START = re.compile(r"\W*(?:showing|\d)", re.IGNORECASE)
# a sort or filter control's word (with its chosen value), the whole of a line of the row
_ROW_CONTROL = re.compile(
    r"^\W*(?:"
    r"(?:sort(?:ing|\s+by)?|order\s+by|(?:all\s+|active\s+)?filters?(?:\s+by)?|refine(?:\s+by)?)\b"
    r"(?:(?:\s*[:&]\s*|\s+and\s+|\s+)[\w-][\w\s-]{0,29})?|"
    r"(?:expand|collapse)(?:\s*/\s*collapse)?\s+all\s+filters|(?:reset|clear)\s+(?:all\s+)?filters"
    r")\W*$",
    re.IGNORECASE,
)
# A line holding a count, or its noun when the number is a text of its own (a quick look at
# the whole block first).
_COUNT_HINT = re.compile(
    rf"^[^\w\n]*(?:showing\s|\d[\d,.]*(?:[^\S\n]*|\n)(?:{_COUNT_NOUN}\b|of\s))",
    re.IGNORECASE | re.MULTILINE,
)
_CONTROL_WORDS = ("sort", "filter", "refine", "order by")
_COUNT_MAX_CHARS = 40
_ROW_CHARS = 240  # the row: a few short items
_ROW_LINE_CHARS = 40
_ROW_NODES = 80
_ROW_MIN_LINES = 3  # the count and at least two controls or labels


def _small_row(node: LexborNode) -> bool:
    if next(islice(node.traverse(), _ROW_NODES, None), None) or text_len(node) > _ROW_CHARS:
        return False  # (the count of nodes first: bounded, where a big block's text is not)
    return node.css_first("h1") is None


# A pager's position in a list shown in parts: "Showing 24 of 193 results", "showing 1 - 5 of
# 52", "Viewing 1-12 of 40 products" (the shown part and the whole; not the list's size alone).
_POSITION = re.compile(
    r"^\W{0,3}(?:showing|viewing|displaying)\s+(\d[\d,.]*)\s*(?:(?:[-\u2013]|to)\s*(\d[\d,.]*)\s*)?"
    rf"(?:out\s+)?of\s+(\d[\d,.]*)(?:\s+{_COUNT_NOUN})?\W{{0,3}}$",
    re.IGNORECASE,
)
# (looked for in the block's text first: most blocks say "showing" or "viewing" in prose, if
# at all)
_POSITION_HINT = re.compile(r"(?:showing|viewing|displaying)\s{1,3}\d")


def _number(text: str) -> int:
    return int(re.sub(r"\D", "", text) or 0)


def _partial(match: re.Match[str]) -> bool:
    """Whether the position shows part of the list only (its last shown below the whole)."""
    shown = match.group(2) or match.group(1)
    return 0 < _number(shown) < _number(match.group(3))


def position_removals(scope: LexborNode) -> list[LexborNode]:
    """A pager's position standing alone ("Showing 24 of 193 results" under a grid loaded in
    parts, "showing 1 - 5 of 52" over a list paged by arrows): where the pager stands in the
    list, which says nothing once the whole page is text. Unlike the list's size ("51
    products", "3953 items found"), kept, it needs no sort or filter control beside it (the
    count rows' rule): its form says what it is. The shown part below the whole only: "Showing
    12 of 12" is the list's size."""
    if _POSITION_HINT.search(lowered_text(scope)) is None:
        return []
    found = []
    for node, text in short_texts(scope, scope.css(_TOOLBAR_TAGS), _COUNT_MAX_CHARS):
        match = _POSITION.match(" ".join(text.split()))
        if match is not None and _partial(match):
            found.append(node)
    return topmost(found)


def count_row_removals(scope: LexborNode) -> list[LexborNode]:
    """The header row of a result list: a short element whose whole text is the list's size
    ("22 products", "Showing 1-24 of 120") within a small block of short items that also
    holds a sort or filter control's word ("Sort by", "Filter & Sort"); the block goes, with
    the count: on hashed class names, what is left of the toolbar otherwise stays."""
    low = lowered_text(scope)
    if not any(word in low for word in _CONTROL_WORDS) or not _COUNT_HINT.search(line_text(scope)):
        return []
    found = []
    for node, text in short_texts(scope, elements(scope, _TOOLBAR_TAGS), _COUNT_MAX_CHARS):
        if not _COUNT_START.match(text) or not _COUNT.match(" ".join(text.split())):
            continue
        row = widest_while(node, scope, _small_row)
        if row is None:
            continue
        lines = [line for line in line_text(row).split("\n") if line]
        if len(lines) < _ROW_MIN_LINES or any(len(line) > _ROW_LINE_CHARS for line in lines):
            continue
        if any(_ROW_CONTROL.match(line) for line in lines):
            found.append(row)
    return topmost(found)
