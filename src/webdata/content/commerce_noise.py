"""Residual boilerplate of shop product pages.

A product page is recognised by its own signals, read by :func:`mark_product_page` before the
``<head>`` and the scripts are dropped: ``og:type`` ``product`` (``product.item``,
``x:product``; not ``product.group``, a category), a JSON-LD graph whose top-level nodes hold
one or two ``Product`` / ``ProductGroup`` (many are the items of a listing), or one microdata
``Product`` item; when the head names no subject, by its layout (:mod:`product_signals`: one
``<h1>`` with a price and a buy button beside it) or its address (:mod:`product_urls`: a
shop platform's product path, and a buy button on the page); ``og:type`` ``article`` (the
WordPress default) or a video's JSON-LD does not name a subject. The answer is kept as an
attribute of the ``<html>`` element (never part of the output), where
:func:`commerce_removals` reads it from the main block.

On such a page only, inside the main block, what a shop puts around the product goes: customer
reviews and their summaries, shipping / delivery / returns boxes, payment-plan badges, loyalty
promos, seller trust badges, tooltips, the store's legal notices (publishers' trademarks,
terms), the buy box (the purchase column: price, fulfilment choices, protection plans; the
product's name in it stays): elements whose class/id words say so, when small relative to the
block; and small elements whose whole text is such a line (review counts, payment plans,
delivery estimates, shipping costs and origins, variant pickers' captions, stock levels,
free-shipping thresholds and bare "Free shipping" / "Free 90-day returns" promises, review
digests ("Customers say it fits true to size"), "Report this item", Prop 65 warnings, the
model's size beside the photos, urgency timers, bundle promotions ("Buy a case, get a free
screen protector")); and the blocks opened by a heading naming the shop's other offers ("Others
like you also bought", "Featured products", "More seller options"), a size guide ("Know your
size"), a marketplace's seller box and shop policies ("Meet your seller") or the customers'
reviews ("Customer reviews (12)", "Review summary", "User testimonials", "Be the first to
review this item"; not a bare "Reviews", which may head the press's quotes). The product's
name, description, features and specifications are never marked like that (its price is, inside
a buy box). Also gone: lists of the shop's internal fields left in the template (a ``<dl>`` of
``retail_price_tier1``-style terms), sticky purchase bars repeating the product's name, small
live regions (screen-reader announcements: "Image 1 of 11", the colour picked; not the price),
and the note marks of the marketing copy (``<sup>37</sup>``, pointing to the legal small print
that goes).

The first words of the JSON-LD ``description`` (of its longest line) are kept on ``<html>``
too: an element holding them is never removed by the generic rules either (shops put the
description in a drawer or a dialog, which the generic rules take for a modal), unless the
description is also shown outside such elements.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache
from typing import Any

from selectolax.lexbor import LexborHTMLParser, LexborNode

from webdata.content.boilerplate import heading_block
from webdata.content.dom import (
    ancestor_ids,
    contains,
    elements,
    has_ancestor_in,
    keyword_hits,
    named_hits,
    named_values,
    text_len,
    text_words,
    token_words,
    topmost,
    widest_matching,
    word_line,
)
from webdata.content.jsonld import JsonLdGraph, graph_from_dumps, node_types, subject_rank
from webdata.content.page_marks import get_mark, set_mark
from webdata.content.product_signals import looks_like_product
from webdata.content.product_urls import addressed_product

PRODUCT_MARK = "data-webdata-product"
DESCRIPTION_MARK = "data-webdata-description"

_PRODUCT_TYPES = frozenset({"Product", "ProductGroup", "ProductModel", "IndividualProduct"})
_MAX_LD_PRODUCTS = 2  # more top-level products are the items of a listing
_SUBJECT_RANK = 3  # jsonld.subject_rank of a content node (not a page, site or breadcrumb)
_MICRODATA = ", ".join(
    f'[itemtype*="schema.org/{t}" i]' for t in ("Product", "IndividualProduct", "ProductGroup")
)
# JSON-LD subjects that are writing about things, not things on sale (and ``*Article``).
_WRITING_TYPES = frozenset({"BlogPosting", "LiveBlogPosting", "Review", "Recipe", "HowTo"})
_OG_WORDS = re.compile(r"[a-z]+")

# A class/id token with one of these words marks shop furniture around the product.
COMMERCE_WORDS = frozenset(
    {
        "review", "reviews", "rating", "ratings", "testimonial", "testimonials", "shipping",
        "delivery", "returns", "klarna", "afterpay", "affirm", "sezzle", "clearpay", "loyalty",
        "rewards", "tooltip", "badge", "badges", "disclaimer", "countdown", "carousel",
        "swiper", "faq", "comparison", "subscription", "bundle", "legal", "buybox",
    }
)  # fmt: skip
# ... and so a token with both words of one of these pairs ("buy-box-column", "product_meta").
COMMERCE_PAIRS = (
    frozenset({"tool", "tip"}),
    frozenset({"buy", "box"}),
    frozenset({"product", "meta"}),  # WooCommerce's SKU, categories and tags line
)
_SMALL_SHARE = 0.3
_LABEL_MAX_CHARS = 60
_PHRASE_MAX_CHARS = 120
_PHRASE_WORDS = (
    "review", "cart", "klarna", "afterpay", "interest-free", "points", "recommend", "ship",
    "deliver", "return", "arrive", "get by", "size", "select", "choose", "stock", "left",
    "sold out", "available", "checkout", "details", "free", "say", "report", "prop", "duties",
    "generated", "wear", "model", "offer", "sale", "deal",
)  # fmt: skip
_SHOP_PHRASE = re.compile(
    r"^\W*(?:"
    r".{0,40}\b(?:based\s+on|out\s+of|of)\s+[\d,.]+\s+reviews?.{0,40}|[\d,.]+\s+reviews?|"
    r"(?:be\s+the\s+first\s+to\s+)?write\s+a\s+review|no\s+reviews\s+yet.*|"
    r"[\d.]+\s*%\s+(?:of\s+)?(?:customers|reviewers|buyers)\s+(?:would\s+)?recommend.*|"
    r"in\s+[\d,]+\+?\s+(?:people(?:'|\u2019)?s|other\s+people(?:'|\u2019)?s)?\s*carts?.*|"
    r".{0,60}\b(?:interest[\s-]free|with\s+(?:klarna|afterpay|affirm|clearpay|sezzle))\b.{0,60}|"
    r"(?:members\s+)?earn\s+[\d,]+\s+(?:reward\s+)?points.{0,40}|"
    # fulfilment lines: delivery estimates, shipping costs and origins, return terms
    r"order\s+(?:today|now|within\b.{1,30}?)\s+(?:to\s+(?:get|receive)|for\s+delivery)\b.{0,40}|"
    r"(?:est(?:imated|\.)?\s+delivery|arrives?)\s*:?\s*(?:by|on|between|in|today|tomorrow|"
    r"(?:mon|tue|wed|thu|fri|sat|sun)\w*)\b.{0,40}|"
    r"ships?\s+(?:from|by|in|within|to|on|today|tomorrow)\b.{0,40}|cost\s+to\s+ship\b.{0,30}|"
    r"returns?\s*(?:(?:&|and)\s*exchanges?\s*)?accepted\b.{0,40}|"
    r"sold\s+and\s+shipped\s+by\s+.{1,40}|same[\s-]day\s+(?:shipping|delivery|dispatch)\b.{0,60}|"
    r".{0,20}\bflat\s+rate\b.{0,60}|"
    # captions of the variant pickers
    r"(?:select|choose|pick)\s+(?:a\s+|an\s+|your\s+)?(?:size|colou?r|option|style|variant|quantity)s?|"
    r"size\s+(?:guide|chart)|find\s+your\s+(?:size|fit)|"
    # stock levels, the checkout's costs, a quick view's link to the page itself
    r"(?:low\s+in\s+stock|in\s+stock|out\s+of\s+stock|sold\s+out|no\s+longer\s+available|"
    r"(?:hurry\W+)?only\s+\d+\s+left(?:\s+in\s+stock)?)(?:\W+only\s+\d+\s+left(?:\s+in\s+stock)?)?|"
    r"(?:shipping|taxes)(?:\s+(?:and|&)\s+\w+)?\s+calculated\s+at\s+checkout\b.{0,20}|"
    r"view\s+full\s+(?:product\s+)?details|"
    # trust badges and promises, review digests, the marketplace's and the law's notes
    r"free\s+(?:standard\s+|express\s+)?(?:shipping|delivery)\s+(?:on|over|for)\s.{1,50}|"
    # the buy box's bare promises ("Free shipping", "Free 90-day returns")
    r"free\s+(?:standard\s+)?shipping|free\s+(?:\d+[\s-]day\s+)?returns|"
    r"(?:customers|reviewers|shoppers|buyers)\s+say\b.{0,80}|"
    r"(?:ai[\s-])?generated\s+(?:by\s+ai|from\s+(?:the\s+text\s+of\s+)?customer\s+reviews).{0,20}|"
    r"report\s+(?:this\s+)?(?:item|listing|product)\b.{0,40}|"
    r"(?:california\s+residents\W*)?(?:ca\s+)?prop(?:osition)?\s*65\b.{0,40}|"
    r"duties\s+(?:and|&)\s+taxes\s+(?:paid|included)|"
    # bundle promotions ("Buy a Case, Get a Free Screen Protector", "Buy 2, get 1 free")
    r"buy\s+(?:a|an|one|two|any|\d+)\b.{1,40}?\bget\s+(?:a\s+|an\s+|one\s+|\d+\s+)?"
    r"(?:free\b.{0,40}|.{1,40}?\bfree)|free\s+gift\s+with\s+(?:purchase|every\s+order)\b.{0,40}|"
    # the model's size and height beside the photos
    r".{0,40}\bwear(?:s|ing)\s+(?:a\s+|an\s+)?(?:size|us|uk|eu)\s+\S{1,6}.{0,60}|"
    r"(?:our\s+|the\s+)?model(?:'s|\u2019s)?\s+(?:height|is\s+\d).{0,80}|"
    # urgency timers
    r"(?:hurry\W+)?(?:(?:your\s+|this\s+)?(?:offer|sale|deal|discount)\s+"
    r"(?:ends|expires|is\s+reserved|reserved)\b.{0,40}|offer\s+reserved\b.{0,40})"
    r")\W*$",
    re.IGNORECASE,
)
# Labels of accordion panels and disclosures of the shop's blocks around the product.
_CHROME_LABEL = re.compile(
    r"^\W*(?:"
    r"(?:customer|product|verified|guest)?\s*reviews?(?:\s*\(?\d[\d,.]*\)?)?|"
    r"\d[\d,.]*\s+reviews?|(?:ratings?\s*(?:&|and)\s*reviews?|reviews?\s*(?:&|and)\s*ratings?)|"
    r"what\s+(?:our\s+)?(?:customers|people|buyers|shoppers)\s+(?:are\s+)?say(?:ing)?|"
    r"(?:complete|shop|get)\s+the\s+look|(?:pairs?|goes|go)\s+(?:well|perfectly)\s+with.*|"
    r"(?:others|shoppers|people)\s+(?:like\s+you\s+)?also\s+(?:bought|viewed|liked).*|"
    r"more\s+seller\s+options.*|size\s+(?:guide|chart)|find\s+your\s+size|"
    r"payment\s+options|buy\s+now,?\s+pay\s+later"
    r")\W*$",
    re.IGNORECASE,
)
# ... and labels of collapsed panels of shop policies ("Shipping, Returns & Warranty"; an
# open "Delivery" heading over the dates and the seller is sometimes the page's own text).
_POLICY = r"(?:free\s+)?(?:shipping|delivery|returns?|exchanges?|refunds?|warranty|guarantee)"
_POLICY_LABEL = re.compile(
    rf"^\W*{_POLICY}(?:\s*(?:,|&|and|\+)\s*{_POLICY})*"
    r"(?:\s+(?:info(?:rmation)?|policy|policies|options|details))?\W*$",
    re.IGNORECASE,
)


def _og_product(og_type: Any) -> bool:
    if not isinstance(og_type, str):
        return False
    words = _OG_WORDS.findall(og_type.lower())
    return "product" in words and "group" not in words


def _writing(types: list[str]) -> bool:
    return any(t.endswith("Article") or t in _WRITING_TYPES for t in types)


_TAG = re.compile(r"<[^>]*>")
_DESCRIPTION_WORDS = 8  # words of the JSON-LD description looked for in the page
_DESCRIPTION_MIN_WORDS = 6


def _description_words(graph: JsonLdGraph) -> str | None:
    """The first words of the longest line of the product's JSON-LD ``description``."""
    for node in graph.nodes:
        if not _PRODUCT_TYPES.intersection(node_types(node)):
            continue
        value = node.get("description")
        if isinstance(value, list):
            value = value[0] if value else None
        if not isinstance(value, str):
            continue
        lines = html.unescape(_TAG.sub("\n", value)).splitlines()
        words = text_words(max(lines, key=len)) if lines else []
        if len(words) >= _DESCRIPTION_MIN_WORDS:
            return " ".join(words[:_DESCRIPTION_WORDS])
    return None


def _words(node: LexborNode) -> str:
    return f" {word_line(node.text(deep=True, separator=' '))} "


def keep_description(scope: LexborNode, found: list[LexborNode]) -> list[LexborNode]:
    """``found`` without the elements holding the product's description (a drawer or a dialog
    that the generic rules take for a modal), when the description is nowhere else."""
    words = get_mark(scope, DESCRIPTION_MARK)
    if not words or get_mark(scope, PRODUCT_MARK) is None:
        return found
    needle = f" {words} "
    holders = {n.mem_id for n in found if needle in _words(n)}
    if not holders:
        return found
    if _words(scope).count(needle) > sum(
        _words(n).count(needle) for n in topmost([n for n in found if n.mem_id in holders])
    ):
        return found  # also shown outside them: the drawer is a copy
    return [n for n in found if n.mem_id not in holders]


def is_product_metadata(
    tree: LexborHTMLParser, metadata: dict[str, Any], graph: JsonLdGraph
) -> bool:
    """Whether the page says it is one product's page (call before the tree is cleaned).

    The JSON-LD decides when it names a subject: one or two top-level products yes, another
    subject (a ``Course`` sold as a product, an ``Article``) no; else ``og:type``, else
    microdata. ``graph``: the page's JSON-LD (``graph_from_dumps(metadata["jsonLd"])``).
    """
    types = [node_types(node) for node in graph.nodes]
    if any(_writing(t) for t in types):
        return False  # an article or a review about a product
    main = node_types(graph.main) if graph.main is not None else []
    if subject_rank(main) == _SUBJECT_RANK and not _PRODUCT_TYPES.intersection(main):
        return False  # a course, an event, an app... sold like a product
    if products := sum(1 for t in types if _PRODUCT_TYPES.intersection(t)):
        return products <= _MAX_LD_PRODUCTS
    return _og_product(metadata.get("og:type")) or len(tree.css(_MICRODATA)) == 1


def mark_product_page(tree: LexborHTMLParser, metadata: dict[str, Any], url: str = "") -> None:
    """Record on the ``<html>`` element whether the page is a product page (``url``: the
    page's address, read when the head and the layout say nothing)."""
    graph = graph_from_dumps(metadata.get("jsonLd"))  # read once, for both questions
    if is_product_metadata(tree, metadata, graph):
        set_mark(tree, PRODUCT_MARK)
        words = _description_words(graph)
        if words:
            set_mark(tree, DESCRIPTION_MARK, words)
    elif not _names_subject(graph) and (looks_like_product(tree) or addressed_product(tree, url)):
        set_mark(tree, PRODUCT_MARK)  # a shop whose head says nothing: its layout decides


# JSON-LD subjects that are a page's media, not what it is about: a product page's video.
_MEDIA_TYPES = frozenset({"VideoObject", "AudioObject", "MediaObject", "3DModel"})


def _names_subject(graph: JsonLdGraph) -> bool:
    """Whether the head says what the page is about (an article, a course...).

    Not a video (a product page's JSON-LD often describes only its video), nor ``og:type``
    ``article`` (what WordPress' SEO plugins say of every page, a shop's products included).
    """
    if any(_writing(node_types(node)) for node in graph.nodes):
        return True
    main = node_types(graph.main) if graph.main is not None else []
    return subject_rank(main) == _SUBJECT_RANK and not _MEDIA_TYPES.issuperset(main)


def is_product_page(node: LexborNode) -> bool:
    """Whether the document of ``node`` was marked by :func:`mark_product_page`."""
    return get_mark(node, PRODUCT_MARK) is not None


@lru_cache(maxsize=8192)
def _commerce_value(value: str) -> bool:
    for token in value.split():
        words = token_words(token)
        if any(w in COMMERCE_WORDS for w in words):
            return True
        if any(pair.issubset(words) for pair in COMMERCE_PAIRS):
            return True
    return False


def commerce_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """Boilerplate elements under ``scope`` (text length ``total``) typical of product pages."""
    if not is_product_page(scope):
        return []
    own = scope.mem_id
    limit = _SMALL_SHARE * total
    h1 = scope.css_first("h1")
    keep = ancestor_ids(h1) if h1 is not None else set()  # the product's name and wrappers
    taken: set[int] = set()
    out: list[LexborNode] = []
    for node, value in named_values(scope):  # document order: wrappers before what they hold
        if node.mem_id == own or node.mem_id in keep or not _commerce_value(value):
            continue
        if has_ancestor_in(node, taken) or text_len(node) > limit:
            continue
        taken.add(node.mem_id)
        out.append(node)
    out += _disclosures(scope, limit)
    out += _shop_sections(scope, total)
    out += _phrases(scope)
    out += _field_dumps(scope)
    out += _sticky_copies(scope, h1)
    out += _footnote_marks(scope)
    out += _live_regions(scope, keep)
    return out


_LIVE = "[aria-live]:not([aria-live=off])"
_LIVE_MAX_CHARS = 200


# A price (themes announce the price of the variant picked: the product's price stays).
_PRICE = re.compile(r"[$€£¥₹]\s*\d|\d\s*(?:[$€£¥₹]|\b(?:USD|EUR|GBP|CAD|AUD)\b)")


def _live_regions(scope: LexborNode, keep: set[int]) -> list[LexborNode]:
    """Small live regions: what the shop's widgets announce to screen readers (the gallery's
    "Image 1 of 11", the colour just picked), a status, not the product's text; not the
    product's name (``keep``: the ``<h1>`` and its wrappers) nor its price."""
    out: list[LexborNode] = []
    for node in scope.css(_LIVE):
        if node.mem_id in keep or text_len(node) > _LIVE_MAX_CHARS:
            continue
        if not _PRICE.search(node.text(deep=True, separator=" ")):
            out.append(node)
    return out


# A superscript of note numbers ("37", "3,4", "14-15", "*") ...
_NOTE_MARK = re.compile(r"^[\d\s,\-\u2013*\u2020\u2021\u00a7]{1,12}$")
# ... unless it is a power: any after a number ("10<sup>6</sup>"), a square or a cube after a
# unit ("50 m<sup>2</sup>").
_AFTER_NUMBER = re.compile(r"\d\s*$")
_AFTER_UNIT = re.compile(r"\b(?:[mckd]?m|ft|in|yd|mi)\s*$", re.IGNORECASE)


def _footnote_marks(scope: LexborNode) -> list[LexborNode]:
    """Note marks of the shop's marketing copy ("Quality<sup>37</sup>"): their notes are the
    legal small print, which goes; the marks would point to nothing."""
    out: list[LexborNode] = []
    for sup in scope.css("sup"):
        text = sup.text(deep=True, strip=True)
        if not text or not _NOTE_MARK.match(text):
            continue
        before = sup.prev.text(deep=True) if sup.prev is not None else ""
        if _AFTER_NUMBER.search(before) or (text in ("2", "3") and _AFTER_UNIT.search(before)):
            continue
        out.append(sup)
    return out


_STICKY_MAX_CHARS = 300


def _sticky_copies(scope: LexborNode, h1: LexborNode | None) -> list[LexborNode]:
    """Sticky purchase bars (``sticky-product-actions``, ``pdp-sticky-footer``): a small
    element named ``sticky`` repeating the product's name (with the price and the button)
    away from the ``<h1>``; the page shows that name once already."""
    if h1 is None:
        return []
    name = h1.text(deep=True, separator=" ", strip=True)
    if not name:
        return []
    out: list[LexborNode] = []
    for node in named_hits(scope, ("sticky",), ("sticky",)):
        attrs = node.attrs
        words = token_words(f"{attrs.get('class') or ''} {attrs.get('id') or ''}")
        if "sticky" not in words or text_len(node) > _STICKY_MAX_CHARS:
            continue
        if name in node.text(deep=True, separator=" ", strip=True) and not contains(node, h1):
            out.append(node)
    return out


_FIELD_NAME = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)+:?$", re.IGNORECASE)
_MIN_FIELDS = 3


def _field_dumps(scope: LexborNode) -> list[LexborNode]:
    """Lists of the shop's internal fields left in the template (``retail_price_tier1``,
    ``cat_thumb_blue``): a ``<dl>`` whose terms are mostly snake_case identifiers."""
    out: list[LexborNode] = []
    for dl in elements(scope, "dl"):
        terms = [dt.text(deep=True, strip=True) for dt in dl.css("dt")]
        fields = sum(1 for t in terms if _FIELD_NAME.match(t))
        if fields >= _MIN_FIELDS and 2 * fields >= len(terms):
            out.append(dl)
    return out


# Headings opening the shop's blocks beside the product: other products, other sellers,
# size guides, a marketplace's seller box and shop policies.
_SHOP_HEADING = re.compile(
    r"^\W*(?:"
    r"(?:others|shoppers|customers|people)\s+(?:like\s+you\s+)?also\s+(?:bought|viewed|liked|"
    r"purchased|searched).*|(?:featured|similar|popular|complementary|compatible)\s+"
    r"(?:products|items|accessories)|more\s+seller\s+options.*|other\s+sellers\b.*|"
    r"(?:choose|add|select)\s+(?:your\s+)?(?:add[\s-]?ons|accessories|extras)|"
    r"(?:complete|shop|get)\s+the\s+look|(?:pairs?|goes|go)\s+(?:well|perfectly)\s+with.*|"
    r"(?:you\s+)?(?:may|might|will)\s+also\s+need.*|how\s+(?:we|it|they)\s+compares?|"
    r"size\s+(?:guide|chart)|(?:find|know)\s+your\s+(?:size|fit)|"
    r"meet\s+(?:your|the)\s+(?:seller|maker|shop\s+owner)s?|"
    r"(?:about|more\s+about)\s+(?:the|this)\s+seller|shop\s+polic(?:y|ies)\b.{0,60}|"
    r"seller\s+information"
    r")\W*$",
    re.IGNORECASE,
)
# Headings opening the customers' reviews ("Customer reviews (407)", "Reviews (12)", "Ratings &
# reviews", "Review summary", "What our customers say"): read by their text, whatever the theme
# calls the block. A bare "Reviews" may head the press's quotes about a book or a game: no.
# (A count's digits are taken possessively, ``*+``: the heading's text is not bounded, and
# giving back commas or dots to the closing ``\W*`` would be quadratic in a long run of them.)
_REVIEW_HEADING = re.compile(
    r"^\W*(?:(?:customer|product|verified|guest|user|buyer)s?\s+reviews?(?:\s*\(?\d[\d,.]*+\)?)?|"
    r"reviews?\s*\(?\d[\d,.]*+\)?|\d[\d,.]*\s+(?:customer\s+)?reviews?|"
    r"ratings?\s*(?:&|and)\s*reviews?|reviews?\s*(?:&|and)\s*ratings?|"
    r"(?:customer\s+)?(?:reviews?|ratings?)\s+(?:summary|snapshot|overview|highlights)|"
    r"what\s+(?:our\s+)?(?:customers|people|buyers|shoppers)\s+(?:are\s+)?say(?:ing)?|"
    # the customers' testimonials, and the reviews block of an item not reviewed yet ("Be the
    # first to review this item", with the seller's ratings beside it)
    r"(?:(?:customer|client|user|buyer)s?\s+)?testimonials?|"
    r"be\s+the\s+first\s+to\s+(?:review|rate)\b.{0,40}|no\s+reviews\s+yet\b.{0,40}"
    r")\W*$",
    re.IGNORECASE,
)
_HEADINGS = "h1, h2, h3, h4, h5, h6, [role=heading]"
_ANY_HEADING = re.compile("")  # the label is matched here, heading_block only finds the block


def _shop_sections(scope: LexborNode, total: int) -> list[LexborNode]:
    """Blocks opened by a heading naming the shop's other offers ("Others like you also
    bought", "Featured products", "More seller options"), a size guide, the seller's box or
    the customers' reviews ("Customer reviews (12)", "Review summary")."""
    out: list[LexborNode] = []
    for heading in elements(scope, _HEADINGS):
        # read with spaces between the pieces: "Choose your <em>add-ons</em>" is three words
        label = heading.text(deep=True, separator=" ", strip=True)
        if _SHOP_HEADING.match(label) or _REVIEW_HEADING.match(label):
            block = heading_block(heading, scope, total, _ANY_HEADING)
            if block is not None:
                out.append(block)
    return out


def _phrases(scope: LexborNode) -> list[LexborNode]:
    """Small elements whose whole text is a shop line: review counts, payment plans, points,
    "in 50+ people's carts", fulfilment lines ("Order today to get by Mar 17", "Ships from:
    Ukraine", "Returns & exchanges accepted"), captions of the variant pickers ("Select a
    size", "Size guide"), stock levels, review digests, urgency timers, bundle promotions,
    the model's size (found by a keyword of their own text, then widened)."""
    found = (  # pieces joined by spaces: "<span>Arrives by</span><b>Today</b>" is two words
        widest_matching(hit, scope, _SHOP_PHRASE, _PHRASE_MAX_CHARS, separator=" ")
        for hit in keyword_hits(scope, _PHRASE_WORDS)  # (only the words the block holds)
    )
    return [node for node in found if node is not None]


def _disclosures(scope: LexborNode, limit: float) -> list[LexborNode]:
    """Accordion panels and ``<details>`` labelled as shop chrome ("Shipping & Returns")."""
    out: list[LexborNode] = []
    for label in scope.css("[aria-controls], summary"):
        text = label.text(deep=True, strip=True)
        if not text or len(text) > _LABEL_MAX_CHARS:
            continue
        if not (_CHROME_LABEL.match(text) or _POLICY_LABEL.match(text)):
            continue
        if label.tag == "summary":
            panel = (
                label.parent if label.parent is not None and label.parent.tag == "details" else None
            )
        else:
            target = (label.attrs.get("aria-controls") or "").split()
            panel = (
                scope.css_first(f'[id="{target[0]}"]') if target and '"' not in target[0] else None
            )
        if panel is not None and text_len(panel) <= limit and panel.css_first("h1") is None:
            out += [panel, label]
    return out
