"""``onlyMainContent``: keep the main block of the page, without its chrome.

1. Find the main block: the one ``<main>`` / ``[role=main]``, else the one ``<article>``,
   else the one ``[itemprop=articleBody]`` (a clearly dominant one when there are several;
   several ``<article>``s none of which dominates, like the posts of a thread, give their
   common container when it is made of them and they are not link teasers: link-dense, or
   off thread pages most of their headings links, a grid of related posts),
   holding at least a fifth of the page's text (a ``<main>`` holding the page's ``<h1>``: a
   twentieth); widened to take in the page's
   ``<h1>`` when that sits just outside it (unless that means the whole body). Without
   one, the lowest block around the ``<h1>`` holding nearly all the text beside the page's
   landmarks (``headline_block.py``), the removals scoped in it as in a ``<main>``; failing
   that, on a thread page, the parent of its list of posts (``thread_block.py``).
2. Remove boilerplate inside that block (or inside the whole body when there is none):
   navigation, page-level headers and footers, asides, dialogs and modals, cookie/consent
   banners, share bars, ads, skip links, by tag, ARIA role, and class/id words. Class/id
   words are matched per token (``site-header`` and ``share-buttons`` yes; ``has-header``,
   ``share-price``, ``post-header`` no), and such an element is removed only when it is small
   relative to the block (at most 30% of its text) or made mostly of links, so a wrapper
   that happens to be called ``main-nav-wrapper`` survives (and so does a large one made of
   links that holds the page's ``<h1>``: a product grid inside a ``search-facets`` wrapper;
   and, inside the main block, a page builder's long prose panel named only ``widget``; and
   a name in a byline, an inline ``<a class="author">`` whose only chrome word is "author").
   Then the residual boilerplate rules of ``boilerplate.py`` (controls, small forms, CTA
   links, link lists, blocks opened by a "Related articles"-style heading, interface phrases,
   unmarked copyright footers, small blocks hidden by a utility class), the image noise of
   ``media_noise.py`` and the second copies of ``repeated_blocks.py``.
3. Without a semantic block, descend from the body into the container child with the most
   text while everything beside it is made of links (leftover menus, tag clouds) or empty,
   never past the page's ``<h1>`` nor into one item of a list of look-alike teasers
   (``list_blocks.py``) nor into one part of a feed whose other parts hold teaser titles too
   (``feed_parts.py``): the block with most text and low link density. A child holding a
   list of look-alike teasers that outweighs the prose beside it (a sidebar's or footer's
   few sentences) is the feed's column: the descent goes on into it, then only on the way
   to that list (``feed_columns.py``).
4. Never return nothing when the page has text: if the removals would leave no text, the
   whole cleaned body is returned, with a warning.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import partial

from selectolax.lexbor import LexborNode

from webdata.content.action_links import action_link_removals
from webdata.content.affiliate_buttons import affiliate_button_removals
from webdata.content.aria_labels import aria_label_removals
from webdata.content.aria_twins import aria_twin_removals
from webdata.content.article_noise import article_removals, related_grid_removals
from webdata.content.assurance_strips import assurance_removals
from webdata.content.author_boxes import author_box_removals
from webdata.content.boilerplate import hidden_removals, residual_removals
from webdata.content.card_alts import clear_card_alts
from webdata.content.card_price_copies import card_price_copy_removals
from webdata.content.card_reader_text import card_reader_text_removals
from webdata.content.card_review_counts import card_review_count_removals
from webdata.content.card_stamps import card_stamp_removals
from webdata.content.card_variant_counts import card_variant_count_removals
from webdata.content.checkout_notices import checkout_notice_removals
from webdata.content.citation_lists import citation_list_removals
from webdata.content.closing_notes import closing_note_removals
from webdata.content.code_tokens import keep_code_tokens
from webdata.content.collapsed_menus import collapsed_menu_removals
from webdata.content.comment_lists import comment_list_removals
from webdata.content.commerce_noise import commerce_removals, keep_description
from webdata.content.contents_lists import contents_removals
from webdata.content.cookie_notices import cookie_notice_removals
from webdata.content.css_module_names import module_name_parts
from webdata.content.cta_blocks import cta_removals
from webdata.content.decorative_videos import video_removals
from webdata.content.details_menus import details_menu_removals
from webdata.content.disclosures import disclosure_removals
from webdata.content.dismissible_notices import dismissible_removals
from webdata.content.docs_pages import is_docs_page
from webdata.content.dom import (
    common_ancestor,
    contains,
    elements,
    link_text_len,
    measuring,
    named_values,
    split_words,
    text_len,
    text_memo,
    token_words,
    topmost,
)
from webdata.content.dropdown_menus import dropdown_removals
from webdata.content.email_signups import email_signup_removals
from webdata.content.explore_links import explore_removals
from webdata.content.facet_panels import facet_panel_removals
from webdata.content.feed_columns import feed_column
from webdata.content.feed_heads import keep_feed_heads
from webdata.content.feed_parts import split_feed
from webdata.content.feedback_widgets import feedback_removals
from webdata.content.figure_captions import caption_removals
from webdata.content.fine_print import fine_print_removals
from webdata.content.fixed_overlays import overlay_removals
from webdata.content.follow_invitations import invitation_removals
from webdata.content.forum_counters import counter_removals
from webdata.content.forum_engines import engine_removals
from webdata.content.forum_fields import field_removals
from webdata.content.forum_noise import forum_removals, is_thread_page, keep_post_bylines
from webdata.content.forum_signatures import signature_removals
from webdata.content.forum_titles import title_removals
from webdata.content.grid_alts import clear_grid_alts
from webdata.content.grid_badges import grid_badge_removals
from webdata.content.grid_promos import grid_promo_removals, product_grids
from webdata.content.grid_reviews import grid_review_removals
from webdata.content.head_spill import head_spill_removals
from webdata.content.headline_block import headline_block
from webdata.content.headline_menus import headline_menu_removals
from webdata.content.headline_sides import headline_side_removals
from webdata.content.hidden_attribute import hidden_attribute_removals
from webdata.content.home_menus import home_menu_removals
from webdata.content.image_alt import clear_redundant_alts
from webdata.content.image_variants import variant_removals
from webdata.content.invitation_cards import invitation_card_removals
from webdata.content.landmark_content import keep_landmark_content
from webdata.content.language_tables import language_table_removals
from webdata.content.list_blocks import list_item
from webdata.content.listing_noise import (
    count_row_removals,
    listing_removals,
    position_removals,
)
from webdata.content.logo_alts import clear_logo_alts
from webdata.content.loop_copies import loop_copy_removals
from webdata.content.machine_dates import machine_date_removals
from webdata.content.media_noise import media_removals
from webdata.content.name_copies import name_copy_removals
from webdata.content.offer_rows import offer_row_removals
from webdata.content.page_facts import page_fact_removals
from webdata.content.payment_logos import payment_logo_removals
from webdata.content.policy_panels import policy_panel_removals
from webdata.content.post_headers import keep_post_headers
from webdata.content.post_meta import post_meta_removals
from webdata.content.poster_fields import poster_field_removals
from webdata.content.pre_headline import pre_headline_removals
from webdata.content.press_quotes import keep_press_quotes
from webdata.content.product_carousels import carousel_removals
from webdata.content.product_description import keep_labelled_description
from webdata.content.product_prices import repeated_price_removals
from webdata.content.promo_banners import promo_banner_removals
from webdata.content.qa_cards import qa_card_removals
from webdata.content.qa_comments import qa_comment_removals
from webdata.content.reaction_links import reaction_link_removals
from webdata.content.reader_only import reader_only_removals
from webdata.content.region_prompts import region_prompt_removals
from webdata.content.repeated_blocks import repeated_bar_removals, repeated_block_removals
from webdata.content.repeated_lists import repeated_list_removals
from webdata.content.responsive_twins import responsive_twin_removals
from webdata.content.review_sections import review_section_removals
from webdata.content.service_noise import service_removals
from webdata.content.shared_link_texts import shared_link_text_removals
from webdata.content.shell_pages import clear_chrome_shell, clear_hidden_shell, headline_hidden
from webdata.content.shop_reviews import shop_review_removals
from webdata.content.shop_widgets import shop_widget_removals
from webdata.content.side_lists import side_list_removals
from webdata.content.site_headlines import site_headline_removals
from webdata.content.size_charts import keep_size_charts
from webdata.content.sort_menus import sort_menu_removals
from webdata.content.sponsored_blocks import sponsored_block_removals
from webdata.content.superscripts import flatten_typographic_sups
from webdata.content.teaser_grids import teaser_grid_removals
from webdata.content.teaser_links import page_links, read_more_removals
from webdata.content.teaser_meta import card_date_removals
from webdata.content.thread_block import thread_block
from webdata.content.thread_notices import thread_notice_removals
from webdata.content.thread_structure import mark_thread_structure
from webdata.content.thread_toolbar import thread_toolbar_removals
from webdata.content.thumbnail_alts import clear_thumbnail_alts
from webdata.content.tooltips import tooltip_removals
from webdata.content.topic_teasers import topic_teaser_removals
from webdata.content.trophy_links import trophy_link_removals
from webdata.content.update_stamps import update_stamp_removals
from webdata.content.wiki_chrome import print_footer_removals, wiki_chrome_removals
from webdata.content.wiki_end_matter import wiki_end_matter_removals

STRUCTURAL = ", ".join(
    [
        "nav", "aside", "dialog", "[role=navigation]", "[role=contentinfo]",
        "[role=complementary]", "[role=dialog]", "[role=alertdialog]", "[role=search]",
        "[aria-modal=true]", "ins.adsbygoogle", "[data-ad-slot]", "[data-ad-client]",
        "[id^=div-gpt-ad]", "[id^=google_ads]",
    ]
)  # fmt: skip
# header/footer are page chrome only when not inside a sectioning element (ARIA banner /
# contentinfo rule); so is an explicit role=banner (inside the main block it is a hero
# banner of the content, not the page's header).
LANDMARKS = "header, footer, [role=banner]"
_SECTIONING = frozenset({"article", "aside", "main", "nav", "section"})
_CHROME_TAGS = frozenset({"header", "nav", "footer", "aside"})

# A class/id token with one of these words is boilerplate.
ALWAYS_WORDS = frozenset(
    {
        "cookie", "cookies", "consent", "gdpr", "newsletter", "advert", "advertisement",
        "advertising", "adsbygoogle", "sponsored", "popup", "modal", "breadcrumb",
        "breadcrumbs", "sidebar", "navbar", "masthead", "skiplink", "sharebar", "sharethis",
        "addthis", "outbrain", "taboola", "related", "recommended", "recommendations",
        "pagination", "pager", "paginator", "facet", "facets", "refinements", "upsell",
        "crosssell", "signature", "postprofile", "userinfo", "toc",
    }
)  # fmt: skip
# With "toc", these say the element is not the table of contents but kept out of it or
# pointing back to it: a heading hidden from the toc ("hide-from-toc", "no-toc"), a heading's
# link back to the toc ("toc-backref", the heading's own text).
_TOC = "toc"
_NOT_TOC = frozenset({"no", "not", "hide", "exclude", "excluded", "skip", "ignore", "backref"})
# ... these only when every other word of the token is one of these sets or a QUALIFIER.
QUALIFIED_WORDS = frozenset(
    {
        "nav", "navigation", "menu", "header", "footer", "share", "sharing", "social", "ad",
        "ads", "widget", "promo", "subscribe", "signup", "skip", "overlay", "lang", "language",
        "filter", "filters", "sort", "sorting", "login", "signin", "register", "toolbar",
        "comment", "comments", "respond", "reactions", "author", "tags", "meta",
    }
)  # fmt: skip
QUALIFIERS = frozenset(
    {
        "site", "global", "main", "primary", "secondary", "top", "bottom", "mobile", "desktop",
        "bar", "buttons", "button", "btn", "links", "link", "icons", "icon", "tools", "box",
        "container", "wrapper", "wrap", "area", "block", "section", "list", "inner", "outer",
        "holder", "panel", "region", "zone", "slot", "unit", "to", "content", "selector",
        "switcher", "media", "sticky", "fixed", "floating", "left", "right", "form", "by",
        "reply", "bio", "info", "stats", "details", "extras", "cloud", "options", "actions",
    }
)  # fmt: skip
# ... and these pairs of words together (per-post user stats and action bars of forums).
WORD_PAIRS = (
    frozenset({"user", "extras"}), frozenset({"user", "stats"}), frozenset({"user", "title"}),
    frozenset({"user", "banner"}), frozenset({"user", "badges"}), frozenset({"action", "bar"}),
    frozenset({"post", "buttons"}), frozenset({"member", "stats"}), frozenset({"author", "stats"}),
    frozenset({"author", "fields"}), frozenset({"user", "info"}),
    # country, locale and currency pickers ("country-selector", "currencySwitcher")
    *(
        frozenset({place, picker})
        for place in ("country", "countries", "locale", "currency", "region")
        for picker in ("selector", "switcher", "picker", "chooser", "select")
    ),
)  # fmt: skip
# WORD_PAIRS as word -> the words it pairs with (a lookup per word instead of a scan of pairs).
_PARTNERS: dict[str, frozenset[str]] = {
    w: frozenset(x for pair in WORD_PAIRS if w in pair for x in pair if x != w)
    for pair in WORD_PAIRS
    for w in pair
}
_NONE: frozenset[str] = frozenset()
# Every word that can make a token chrome: a value with none of them is not looked at further.
_CHROME_WORDS = ALWAYS_WORDS | QUALIFIED_WORDS | frozenset(_PARTNERS)
# Inside the main block these words do not mark chrome (an article's own header/footer).
_SCOPED_WORDS = frozenset({"header", "footer", "masthead"})

WARNING = "onlyMainContent found no main content on this page; the whole page content was returned"

_SMALL_SHARE = 0.3
_LINK_DENSE = 0.5
_MAIN_MIN_SHARE = 0.2
_DOMINANT_SHARE = 0.6
_PROSE_ASIDE_CHARS = 200
_PROSE_ASIDE_LINKS = 0.3
_GROUP_SHARE = 0.5  # articles' share of their common container for it to be the main block
_MAIN_WITH_H1_SHARE = 0.05  # ... for a <main> that holds the page's headline
_PANEL_WORDS = frozenset({"widget", "widgets"})
_PANEL_CHARS = 400  # one section's paragraph of an article split into panels; a blurb is less
_PANEL_LINKS = 0.2
_HEADING_TAGS = "h1, h2, h3, h4, h5, h6"
_TEASER_LINK_SHARE = 0.8  # a heading this much a link is a teaser's title
_SLUG_GAPS = re.compile(r"[\W_]+")  # what a heading's id replaces by "-"
# Elements that group blocks (the densest-block descent goes into these only).
_CONTAINERS = frozenset(
    {"div", "section", "article", "main", "form", "table", "tbody", "tr", "td", "center"}
)


@dataclass(frozen=True, slots=True)
class MainContent:
    node: LexborNode
    warning: str | None = None


def boilerplate_token(token: str, *, scoped: bool = False) -> bool:
    """Whether one class/id token names page chrome (``scoped``: inside the main block). A
    build-generated name (``NavBar-module_buttonHide__U8hs``) is judged by its parts apart."""
    parts = module_name_parts(token)
    if parts is not None:
        return any(_chrome_words(list(run), scoped) for run in parts)
    return _chrome_words(token_words(token), scoped)


def _chrome_words(words: list[str], scoped: bool) -> bool:
    if _CHROME_WORDS.isdisjoint(words):  # (most tokens)
        return False
    if _TOC in words and not _NOT_TOC.isdisjoint(words):  # an element kept out of the toc
        words = [w for w in words if w != _TOC]
        if _CHROME_WORDS.isdisjoint(words):
            return False
    if scoped:
        words_set = set(words)
        if words_set & _SCOPED_WORDS and not words_set & (ALWAYS_WORDS - _SCOPED_WORDS):
            return False
    if any(w in ALWAYS_WORDS for w in words):
        return True
    if len(words) > 1 and any(_PARTNERS.get(w, _NONE) & set(words) for w in words):
        return True
    return any(w in QUALIFIED_WORDS for w in words) and all(
        w in QUALIFIED_WORDS or w in QUALIFIERS or w in ALWAYS_WORDS for w in words
    )


# Verdicts on class/id tokens, scoped or not, remembered: values are mostly new on each page,
# their tokens less so ("container", "row").
_VERDICTS = (text_memo(boilerplate_token), text_memo(partial(boilerplate_token, scoped=True)))


def _token_cached(token: str, scoped: bool) -> bool:
    return _VERDICTS[scoped](token)


# Verdicts on whole class + id values (whether a value names chrome), remembered: pages
# repeat their values; a dict lookup and a map over the tokens cost less than lru_cache's
# call and a generator in the pass over every element having one.
def _value_verdict(value: str, scoped: bool) -> bool:
    # (most values have no chrome word at all, and a token's words, build-generated name or
    # not, are among the value's: their tokens are not judged one by one)
    if _CHROME_WORDS.isdisjoint(split_words(value)):
        return False
    return any(map(_VERDICTS[scoped], value.split()))


_VALUE_VERDICTS = (
    text_memo(partial(_value_verdict, scoped=False)),
    text_memo(partial(_value_verdict, scoped=True)),
)


def _boilerplate_attr(node: LexborNode, *, scoped: bool) -> bool:
    attrs = node.attributes  # (a dict: cheaper to read than ``attrs``)
    return _VALUE_VERDICTS[scoped](f"{attrs.get('class') or ''} {attrs.get('id') or ''}")


def _is_page_landmark(node: LexborNode, scope: LexborNode) -> bool:
    current = node.parent
    while current is not None and current.mem_id != scope.mem_id:
        if current.tag in _SECTIONING:
            # a section's own header holds its headline; one beside the headline is the site's
            return node.tag == "header" and _beside_headline(node, current)
        current = current.parent
    if scope.tag not in _SECTIONING:
        return True
    return node.tag == "header" and _beside_headline(node, scope)


def _beside_headline(header: LexborNode, scope: LexborNode) -> bool:
    """Whether ``scope`` has an ``<h1>`` and ``header`` holds none."""
    return scope.css_first("h1") is not None and header.css_first("h1") is None


_JUMP_LINK = re.compile(
    r"^\W*(?:skip\b.*|(?:back\s+to\s+|go\s+to\s+|scroll\s+to\s+)?top)\W*$", re.I
)


def _skip_link(node: LexborNode) -> bool:
    """Skip links and back-to-top links: in-page jumps, not content."""
    return _JUMP_LINK.match(node.text(strip=True)) is not None


def _prose_aside(node: LexborNode) -> bool:
    """An ``<aside>`` inside the main block that is a callout of prose (a box of the article),
    not a pull quote, a sidebar or a link box."""
    size = text_len(node)
    return (
        size >= _PROSE_ASIDE_CHARS
        and link_text_len(node) < _PROSE_ASIDE_LINKS * size
        and not _boilerplate_attr(node, scoped=True)
    )


def _prose_panel(node: LexborNode, size: int) -> bool:
    """A page builder's panel of prose (``so-panel widget``) inside the main block: named
    only ``widget``, long and with few links (a sidebar's widget is short or links)."""
    if size < _PANEL_CHARS or link_text_len(node) >= _PANEL_LINKS * size:
        return False
    attrs = node.attrs
    tokens = f"{attrs.get('class') or ''} {attrs.get('id') or ''}".split()
    return all(
        _PANEL_WORDS.intersection(words) and set(words) <= _PANEL_WORDS | QUALIFIERS
        for words in (token_words(t) for t in tokens if _token_cached(t, True))
    )


_BYLINE_TAGS = frozenset({"a", "span"})
_BYLINE_WORDS = frozenset({"author"}) | QUALIFIERS
_BYLINE_CHARS = 80


_SWALLOWED_MIN_CHARS = 500
_SWALLOWED_SHARE = 0.5
_SWALLOWED_P_LINKS = 0.2
_SWALLOWED_PARAGRAPHS = 3


def _swallowed_prose(node: LexborNode, size: int) -> bool:
    """A chrome-named box (``rel-article-wrapper``) most of whose text is one run of three or
    more prose paragraphs (``<p>`` siblings with few links): the article's paragraphs after an
    unclosed related-links box fell into it; the box itself is a child with its own name."""
    if size < _SWALLOWED_MIN_CHARS:
        return False
    # prose by parent: one run of paragraphs (not cards' or comments' one or two each, nor a
    # popup's single paragraph)
    runs: dict[int, list[int]] = {}
    for paragraph in node.css("p"):
        length = text_len(paragraph)
        parent = paragraph.parent
        if parent is not None and length and link_text_len(paragraph) < _SWALLOWED_P_LINKS * length:
            runs.setdefault(parent.mem_id, []).append(length)
    return any(
        len(run) >= _SWALLOWED_PARAGRAPHS and sum(run) >= _SWALLOWED_SHARE * size
        for run in runs.values()
    )


def _byline_name(node: LexborNode) -> bool:
    """A name in a byline (``<a class="author">Ann Lee</a>``): an inline element, short, whose
    only chrome word is "author" (an author box or author stats are blocks, or other words)."""
    if node.tag not in _BYLINE_TAGS or text_len(node) > _BYLINE_CHARS:
        return False
    attrs = node.attributes
    tokens = f"{attrs.get('class') or ''} {attrs.get('id') or ''}".split()
    chrome = [token_words(t) for t in tokens if _token_cached(t, False)]
    return bool(chrome) and all("author" in w and set(w) <= _BYLINE_WORDS for w in chrome)


def _heading_anchor(node: LexborNode) -> bool:
    """Whether only the ``id`` names chrome and it is made from the node's own heading
    (documentation generators id a section ``cookies`` after its "Cookies" heading)."""
    attrs = node.attrs
    anchor = attrs.get("id") or ""
    if not anchor or _VALUE_VERDICTS[False](attrs.get("class") or ""):
        return False
    heading = node.css_first(_HEADING_TAGS)
    if heading is None:
        return False
    return _SLUG_GAPS.sub("-", heading.text(deep=True).lower()).strip("-") == anchor.lower()


def _removals(scope: LexborNode, total: int, *, scoped: bool) -> list[LexborNode]:
    """Outermost boilerplate elements under ``scope`` (never ``scope`` itself).

    ``total`` is the text length of ``scope``. The rules only read the tree: their measures
    are remembered by node (``dom.measuring``).
    """
    own = scope.mem_id
    found: list[LexborNode] = [
        n
        for n in scope.css(STRUCTURAL)
        if n.mem_id != own and not (scoped and n.tag == "aside" and _prose_aside(n))
    ]
    found += [n for n in scope.css(LANDMARKS) if n.mem_id != own and _is_page_landmark(n, scope)]
    found += [n for n in elements(scope, 'a[href^="#"]') if _skip_link(n)]
    verdict = _VALUE_VERDICTS[scoped]
    for node, value in named_values(scope):  # (read once for the rules that read them all)
        if not verdict(value) or node.mem_id == own:
            continue
        size = text_len(node)
        if (scoped and _prose_panel(node, size)) or _heading_anchor(node) or _byline_name(node):
            continue
        if (
            size <= _SMALL_SHARE * total
            or (link_text_len(node) >= _LINK_DENSE * size and node.css_first("h1") is None)
        ) and not _swallowed_prose(node, size):  # (the box inside it has a name of its own)
            found.append(node)  # (a large wrapper of links holding the headline is the grid's)
    found += residual_removals(scope, total, docs=is_docs_page(scope))
    found += post_meta_removals(scope, total)
    found += feedback_removals(scope, total)
    found += update_stamp_removals(scope)
    found += page_fact_removals(scope, total)
    found += machine_date_removals(scope)
    found += hidden_removals(scope, total)
    found += hidden_attribute_removals(scope, total)
    found += reader_only_removals(scope, total)
    found += contents_removals(scope, total)
    found += commerce_removals(scope, total)
    found += policy_panel_removals(scope, total)
    found += shop_review_removals(scope, total)
    found += review_section_removals(scope, total)
    found += payment_logo_removals(scope)
    found += checkout_notice_removals(scope)
    found += assurance_removals(scope, total)
    found += fine_print_removals(scope)
    found += language_table_removals(scope)
    found += tooltip_removals(scope)
    found += shop_widget_removals(scope)
    found += name_copy_removals(scope)
    found += listing_removals(scope, total)
    found += count_row_removals(scope)
    found += position_removals(scope)
    found += card_stamp_removals(scope)
    found += card_date_removals(scope)
    found += sponsored_block_removals(scope, total)
    links = page_links(scope)
    found += read_more_removals(links)
    found += shared_link_text_removals(links)
    found += action_link_removals(links)
    found += side_list_removals(scope, total)
    found += home_menu_removals(scope, total)
    found += dropdown_removals(scope, total)
    found += wiki_chrome_removals(scope, total)
    found += print_footer_removals(scope)
    found += wiki_end_matter_removals(scope)
    found += forum_removals(scope, total)
    found += engine_removals(scope, thread=is_thread_page(scope))
    found += signature_removals(scope)
    found += counter_removals(scope)
    found += field_removals(scope)
    found += title_removals(scope)
    found += poster_field_removals(scope)
    found += qa_card_removals(scope)
    found += qa_comment_removals(scope)
    found += topic_teaser_removals(scope)
    found += thread_toolbar_removals(scope)
    found += reaction_link_removals(scope)
    found += article_removals(scope, total)
    found += related_grid_removals(scope, total)
    found += teaser_grid_removals(scope, total)
    found += author_box_removals(scope, total)
    found += comment_list_removals(scope, total)
    found += citation_list_removals(scope, total)
    found += media_removals(scope)
    found += video_removals(scope)
    found += aria_twin_removals(scope)
    found += variant_removals(scope)
    found += loop_copy_removals(scope)
    grids = product_grids(scope)
    found += grid_promo_removals(grids)
    found += grid_badge_removals(grids)
    found += promo_banner_removals(scope, grids)
    found += grid_review_removals(scope, total, grids)
    found += card_price_copy_removals(grids)
    found += card_reader_text_removals(grids)
    found += card_variant_count_removals(grids)
    found += card_review_count_removals(grids)
    found += carousel_removals(scope, total, grids)
    found += offer_row_removals(scope, total)
    found += sort_menu_removals(scope)
    found += facet_panel_removals(scope, total)
    found += service_removals(scope, total)
    found += cta_removals(scope, total)
    found += affiliate_button_removals(scope)
    found += disclosure_removals(scope, total)
    found += closing_note_removals(scope, total)
    found += caption_removals(scope)
    found += overlay_removals(scope, total)
    found += cookie_notice_removals(scope, total)
    found += dismissible_removals(scope, total)
    found += thread_notice_removals(scope, total)
    found += trophy_link_removals(scope)
    found += invitation_removals(scope, total)
    found += explore_removals(scope, total)
    found += invitation_card_removals(scope, total)
    found += region_prompt_removals(scope, total)
    found += email_signup_removals(scope, total)
    found += details_menu_removals(scope, total)
    found += collapsed_menu_removals(scope)
    found += aria_label_removals(scope, total)
    found += pre_headline_removals(scope, total)
    found += headline_menu_removals(scope)
    found += head_spill_removals(scope)
    found += site_headline_removals(scope)
    found = keep_description(scope, found)
    found = keep_labelled_description(scope, found)
    found = keep_press_quotes(scope, found)
    found = keep_size_charts(scope, found)
    found = keep_post_headers(scope, found)
    found = keep_post_bylines(scope, found)
    found = keep_landmark_content(scope, total, found)
    found = keep_feed_heads(scope, total, found)
    found = keep_code_tokens(scope, found)
    found += repeated_list_removals(scope, found)
    found += repeated_block_removals(scope, found)  # last: copies of what stays
    found += repeated_bar_removals(scope, found)
    found += responsive_twin_removals(scope, found)
    found += repeated_price_removals(scope, found)
    return topmost(found)


def _headline(body: LexborNode) -> LexborNode | None:
    """The first ``<h1>`` that is not inside page chrome."""
    for h1 in body.css("h1"):
        current = h1.parent
        while current is not None and current.mem_id != body.mem_id:
            if current.tag in _CHROME_TAGS:
                break
            current = current.parent
        else:
            return h1
    return None


def _article_group(nodes: list[LexborNode], sizes: list[int]) -> LexborNode | None:
    """The lowest common container of several ``<article>``s (thread posts, list items),
    when it is made mostly of them and they are not link teasers; None for the whole page."""
    group: LexborNode | None = nodes[0]
    for node in nodes[1:]:
        group = common_ancestor(group, node) if group is not None else None
    if group is None or group.tag in ("body", "html"):
        return None
    if not is_thread_page(group) and _teasers(nodes):
        return None  # a grid of related posts below the page's own text
    size = text_len(group)
    if sum(sizes) < _GROUP_SHARE * size or _link_dense(group, size):
        return None  # not made of the articles, or teasers (titles as links) of other pages
    return group


def _teasers(nodes: list[LexborNode]) -> bool:
    """Whether most of the ``<article>``s are teasers of other pages: their heading is a link
    (on thread pages the posts' headings link to their posters, so these are never teasers)."""
    linked = 0
    for node in nodes:
        heading = node.css_first(_HEADING_TAGS)
        if heading is None or (link := heading.css_first("a[href]")) is None:
            continue
        if text_len(link) >= _TEASER_LINK_SHARE * text_len(heading) > 0:
            linked += 1
    return 2 * linked > len(nodes)


def semantic_block(body: LexborNode, body_len: int) -> LexborNode | None:
    """The page's main block as its markup declares it, or None.

    ``body_len`` is the text length of ``body``.
    """
    for selector in ("main, [role=main]", "article", "[itemprop=articleBody]"):
        nodes = [n for n in topmost(body.css(selector)) if n.mem_id != body.mem_id]
        if not nodes:
            continue
        sizes = [text_len(n) for n in nodes]
        best = max(range(len(nodes)), key=sizes.__getitem__)
        size = sizes[best]
        block = nodes[best]
        min_share = _MAIN_MIN_SHARE
        if selector.startswith("main") and (h1 := _headline(body)) and contains(block, h1):
            min_share = _MAIN_WITH_H1_SHARE  # a <main> holding the headline is trusted more
        if size and size < _DOMINANT_SHARE * sum(sizes) and selector == "article":
            group = _article_group(nodes, sizes)  # posts of a thread, items of a list
            if group is None:
                continue
            block, size = group, text_len(group)
        elif size == 0 or size < _DOMINANT_SHARE * sum(sizes):
            continue
        if size == 0 or size < min_share * body_len:
            continue
        if block.css_first("h1") is None and (h1 := _headline(body)) is not None:
            widened = common_ancestor(block, h1)
            if widened is None or widened.tag in ("body", "html"):
                return None
            block = widened
        return block
    return None


def _link_dense(node: LexborNode, size: int) -> bool:
    return link_text_len(node) >= _LINK_DENSE * size


def densest_block(body: LexborNode) -> LexborNode:
    """Descend from ``body`` into the child container holding the text, as long as
    everything left beside it is links (menus, tag clouds) or empty; never past the h1."""
    node = body
    h1 = body.css_first("h1")
    feed: LexborNode | None = None  # the list of teasers whose column the descent took
    while True:
        children = [(c, text_len(c)) for c in node.iter()]
        if not children:
            return node
        child, size = max(children, key=lambda pair: pair[1])
        if size == 0 or child.tag not in _CONTAINERS:
            return node
        if text_len(node) - sum(n for _, n in children) > 0:
            return node  # text directly inside ``node`` would be lost
        if feed is not None and not contains(child, feed):
            return node  # into a feed's column, then only on the way to its list
        beside = [(c, n) for c, n in children if n and c is not child and not _link_dense(c, n)]
        if beside:
            feed = feed_column(child, size, beside) or None
            if feed is None:
                return node  # (a feed's column goes on past a sidebar's or footer's lines)
        if h1 is not None and not contains(child, h1) and contains(node, h1):
            return node
        if list_item(child, size, children):
            return node  # a feed of look-alike teasers: the list, not its longest item
        if split_feed(child, children):
            return node  # teasers beside it too: parts of one feed, not menus
        node = child


def find_main_content(body: LexborNode) -> MainContent:
    """The main content of a cleaned ``<body>``; boilerplate inside it is removed in place."""
    with measuring():  # the tree is only read until the removals are known
        mark_thread_structure(body)
        body_len = text_len(body)
        hidden_headline = headline_hidden(body)
        block = semantic_block(body, body_len)
        sides: list[LexborNode] = []
        if block is None:  # the block around the headline, its removals scoped as in a <main>
            block = headline_block(body, body_len)
            sides = headline_side_removals(block) if block is not None else []
        if block is None:  # a thread page's list of posts
            block = thread_block(body, body_len) or None
        scope = block if block is not None else body
        total = text_len(scope) if block is not None else body_len
        removals = _removals(scope, total, scoped=block is not None)
        if sides:  # (the block's own parts: judged with the block, not by its removals)
            removals = topmost(removals + sides)
        removed = sum(text_len(n) for n in removals)
    if total > 0 and total - removed <= 0:
        return MainContent(body, WARNING)
    for node in removals:
        node.decompose()
    main = block if block is not None else densest_block(body)
    if (shell := clear_hidden_shell(main)) is not None:
        return MainContent(main, shell)
    if (shell := clear_chrome_shell(main, hidden_headline)) is not None:
        return MainContent(main, shell)
    clear_redundant_alts(main)
    clear_thumbnail_alts(main)
    clear_card_alts(main)
    clear_grid_alts(main)
    clear_logo_alts(main)
    flatten_typographic_sups(main)
    return MainContent(main)
