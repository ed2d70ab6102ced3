"""Residual boilerplate inside the chosen main block: what is not content but sits among it.

Rules, each general (no site names):

* interactive controls: ``button``, ``input``, ``textarea``, ``[role=button]``, ``svg``
  (icons), but not a disclosure button asking a question (an FAQ entry's); and forms made of
  inputs (login, search, comment and newsletter forms) when they are small relative to the
  block (pages built as one big ``<form>`` keep it), and a form asking for the reader's
  details (email, phone, password, a text box) with the box it sits in (its highest wrapper
  of at most ``_FORM_BOX_CHARS`` characters and no price: "Stay informed", the privacy
  note); a ``select`` only when small too (size
  and quantity pickers, "jump to forum" menus go; a large one is sometimes the content: a list
  of teams, of versions), and so the ARIA widgets that act like one (``listbox``,
  ``combobox``, ``toolbar``) and scripts' transient messages (``tooltip``, ``status``,
  ``alert``); ``label``s (the captions of those controls) when small;
* blocks introduced by a boilerplate heading ("Related articles", "You may also like",
  "Leave a comment", "Share this", "Follow us", "Alternate versions" of the page in other
  languages...): the heading and the wrapper it opens,
  when that wrapper is small relative to the block;
  and so blocks opened by a teaser list's title written without a heading element (a
  styled ``<span>`` "Recommended Articles", "Related questions", "More from this brand"):
  the largest wrapper starting with it, small relative to the block;
* call-to-action links styled as buttons (class words ``btn``, ``button``, ``cta``);
* links that are controls: to ``javascript:`` (they lead nowhere outside the page's scripts),
  and links showing neither text nor a picture (icon links: the converter would write their
  ``aria-label`` or URL as the text, "Share", "Go to profile", "javascript:");
* link lists (menus, tag clouds, "more links"): blocks whose text is mostly link text, small
  relative to the block; not on listing pages (where the block itself is mostly links, its
  link lists are the items) and not long lists of title-sized links (a list of items).

* language menus: lists of links to the page in other languages (``hreflang`` links naming
  at least five different languages, short texts), even on listing pages;

* interface phrases standing alone in a small element: "Sign up", "Log in", "Sign in or
  join", a menu's toggle ("MENU", "Toggle navigation"), a credit line whose partner is a
  logo ("In partnership with", "Presented by"), "Learn more", a board's link up to its
  threads ("Browse all 1,204 Japan topics"), a help desk's prompt ("Questions? Chat with an
  expert."),
  "Reply with quote", "Was this page helpful?", "Advertisement", "Loading...", a filter
  panel's toggles ("Filter & Sort", "Expand/Collapse All Filters") (the whole
  text of the element must be the phrase; headings are left alone);
* page footers not marked up as such: the block around a copyright line ("(c) 2026",
  "All rights reserved") when it is small relative to the block and made of links or short;
  a longer line that opens with the mark and says "all rights reserved" early, the owner's
  trademark notes run on after it, is one too, with its row of policy links;

* elements marked as not content by their class/id: a paywall's pitch (``paywall``), a
  wiki's site notice (``siteNotice``), Google's ``nocontent`` convention; when small;
* tag and category lines: links to the site's taxonomy pages standing alone
  (``taxonomy_links.py``);
* share links: links to social networks' share endpoints, with the line they fill
  (``share_links.py``);
* bylines: short elements named ``byline`` or ``dateline``, or a post's meta line
  (``entry-meta``, ``post-meta``: date, author, categories; the metadata carries them),
  never one holding a heading;

* small blocks hidden by a utility class (``hide``, ``hidden``, ``d-none``, ``sr-only``...),
  unless a responsive class shows them (``hidden md:block``) or they are panels of a set the
  page shows one at a time (tabs, "show more": a sibling of the same kind is shown and says
  something else).

Other hidden elements (``hidden`` attribute, ``aria-hidden``, ``display:none``) are deliberately
kept: tabs and accordions of product and documentation pages are hidden until clicked and are
content (measured: dropping them lowers F1).
"""

from __future__ import annotations

import re
from functools import partial

from selectolax.lexbor import LexborNode

from webdata.content.accordion_titles import accordion_title
from webdata.content.card_tags import card_tag_row
from webdata.content.dom import (
    deep_text,
    elements,
    link_text_len,
    lowered_text,
    named_hits,
    short_texts,
    text_len,
    text_memo,
    token_words,
    widest_while,
)
from webdata.content.item_cards import whole_item_card
from webdata.content.share_links import share_link_removals
from webdata.content.taxonomy_links import taxonomy_removals

CONTROLS = ", ".join(
    [
        "button", "input", "textarea", "[role=button]", "svg",
    ]
)  # fmt: skip
# Dropped when small in the block: pickers, ARIA widgets and the transient messages of scripts.
_SMALL_CONTROLS = ", ".join(
    [
        "select", "[role=listbox]", "[role=combobox]", "[role=toolbar]", "[role=tooltip]",
        "[role=status]", "[role=alert]",
    ]
)  # fmt: skip
_HEADINGS = "h1, h2, h3, h4, h5, h6, [role=heading]"
_BOILERPLATE_HEADING = re.compile(
    r"^\W*(?:"
    r"related(?:\s+\w+)?|(?:you|we\s+think\s+you)\s+(?:may|might|will|would)\s+(?:also\s+)?"
    r"(?:like|love|enjoy)|more\s+(?:from\b.*|to\s+(?:explore|discover|read)|stories|articles|"
    r"posts|news|like\s+this|in\b.*)|recommended(?:\s+\w+)?(?:\s+for\s+you)?|"
    r"(?:trending|popular|latest|recent|top)\s+(?:now|posts?|articles?|stories|news|searches)|"
    r"read\s+(?:next|more|also)|keep\s+reading|also\s+(?:read|on|in)\b.*|see\s+also|"
    r"also\s+see|also\s+worth\s+(?:checking\s+out|reading|a\s+read)|"
    r"(?:customers|people|shoppers)\s+(?:also|who).*|recently\s+viewed.*|"
    r"leave\s+a\s+(?:reply|comment)|(?:post|add|write)\s+a\s+comment|share\s+(?:this|on)\b.*|"
    # a sign-up call is short ("Sign up for our newsletter"); a longer one is a tutorial's step
    r"sign\s+up\s+for(?:\s+\S+){1,3}|"
    r"follow\s+us.*|subscribe\b.*|join\s+our\s+(?:newsletter|mailing).*|"
    r"(?:get|stay)\s+(?:in\s+touch|connected|updated).*|newsletter|"
    r"(?:board|page|site)\s+footer|"
    # tables of contents (their links repeat the headings; a script may not have filled them)
    r"table\s+of\s+contents?(?:\s+show|\s+hide)?|in\s+this\s+(?:article|post)|on\s+this\s+page|"
    # feedback widgets closing documentation pages
    r"help\s+(?:us\s+)?improve\b.{0,40}|(?:send|give|leave|share)\s+(?:us\s+)?(?:your\s+)?feedback|"
    r"feedback|was\s+this\s+(?:page|article|helpful)\b.*|"
    # author boxes below the text: the writer's bio and photo, not the article
    r"about\s+the\s+(?:authors?|writers?|contributors?)|meet\s+the\s+(?:authors?|writers?)|"
    r"(?:article\s+)?(?:written|reviewed|edited|fact[- ]checked)\s+by.{0,40}|"
    # forum and shop chrome below the thread or the product
    r"similar\s+(?:threads|topics|posts|questions|discussions|items|products)|"
    r"(?:users?|members?|people)\s+(?:who\s+are\s+)?(?:viewing|browsing|reading)\s+this\b.*|"
    r"who(?:'s|\s+is)\s+online.*|top\s+posters\b.*|"
    r"most\s+(?:popular|viewed)\s+(?:posts|threads|topics)|"
    r"posting\s+permissions|thread\s+tools|display\s+modes|frequently\s+bought\s+together|"
    r"(?:more|other\s+items)\s+from\s+this\s+(?:seller|shop|store|brand)|"
    r"sponsored\s+(?:products|items|links)|compare\s+(?:with\s+)?similar\s+\w+|"
    # contact calls to action closing service pages and posts
    r"(?:contact|call)\s+us(?:\s+today|\s+now)?|request\s+a\s+(?:demo|quote|consultation)|"
    r"let(?:'|\u2019)?s\s+(?:talk|chat|connect|work\s+together)|"
    r"(?:create\s+an\s+account|sign\s+in|log\s+in|register)\b.*\bto\s+(?:comment|reply|post)\b.*|"
    r"\d+\s+(?:replies|responses|comments)\s+to\s+this\s+(?:topic|thread|post|article)|"
    # the page in other languages or formats ("Alternate versions: Español")
    r"(?:alternate|alternative|other)\s+(?:versions|languages|formats)|"
    r"(?:also\s+)?(?:available\s+)?in\s+other\s+languages"
    r")\W*$",
    re.IGNORECASE,
)
_CTA_WORDS = frozenset({"btn", "button", "cta"})
_PICTURES = "img, picture, video, iframe, object, embed"
_WORDS = re.compile(r"[a-z0-9]+")
_SMALL_SHARE = 0.3
_LABEL_SHARE = 0.05
_FORM_BOX_CHARS = 400
_DETAILS_INPUTS = "input[type=email], input[type=tel], input[type=password], textarea"
_PRICE = re.compile(r"[$€£¥₹]\s?\d|\d\s?(?:[$€£¥₹]|usd|eur|gbp)\b", re.I)
_HEADING_MAX_CHARS = 60
# Elements that may be such a title: these tags, with a word of the pattern in one of their
# own text nodes (what lexbor's ``:lexbor-contains`` tested when this was a selector).
_LABEL_TAGS = frozenset({"span", "div", "p", "strong", "b"})
_LABEL_WORDS = ("related", "recommended", "similar", "popular", "more", "also", "next")
# Titles of teaser lists written without a heading element (narrower than the heading
# pattern: a styled "See also" or "Recommended:" label also opens callouts and spec tables)
_TEASER_LABEL = re.compile(
    r"^\W*(?:(?:related|recommended|similar|popular|more)\s+(?:articles|posts|stories|reads|"
    r"reading|questions|guides)|related|recommended(?:\s+for\s+you)?|"
    r"(?:you|we\s+think\s+you)\s+(?:may|might)\s+also\s+(?:like|enjoy)|read\s+next|"
    r"more\s+(?:from|in)\s+this\s+\w+)\s*$",
    re.IGNORECASE,
)
_HEADING_TAG_NAMES = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_LINK_DENSE = 0.7  # share of a block's text inside links that makes it a link list
_PAGER_WORDS = re.compile(r"\b(?:previous|next)\b\s*:", re.I)  # "Previous: Install"
_LISTING_SCOPE = 0.35  # ... and of the whole block, that makes the page a listing
_TITLE_CHARS = 30  # characters per link above which a long link list is a list of items
_MANY_LINKS = 8
_LINK_LIST_MIN_CHARS = 20
_LANGUAGES = 5  # different hreflang values that make a list of links a language menu
_UI_PHRASE = re.compile(
    r"^\W*(?:"
    r"(?:sign|log)\s*(?:in|up|out)(?:\s*(?:or|/|\|)\s*(?:(?:sign|log)\s*(?:in|up)|join|register|"
    r"create\s+(?:an\s+)?account)|\s+to\s+\w.{0,70})?|"
    # a menu's toggle ("MENU", "Open menu", "Toggle navigation")
    r"(?:(?:open|close|main|toggle)\s+)?menu|toggle\s+navigation|"
    # a dialog's or a card's close button (capitalised: ``close`` is also an API's name), a
    # copy button's toast
    r"(?-i:Close|CLOSE)(?:\s+(?:dialog|modal|popup|window|panel|overlay))?|"
    r"(?:link\s+)?copied(?:\s+to\s+(?:the\s+)?clipboard)?|"
    # a credit line whose partner is a logo ("In partnership with", "Presented by")
    r"(?:in\s+)?(?:partnership|association|collaboration)\s+with|"
    r"(?:presented|supported|sponsored|brought\s+to\s+you)\s+by|"
    r"login|logout|register|create\s+(?:an\s+|your\s+)?(?:free\s+)?account|join\s+(?:now|free|us|today)|"
    r"subscribe(?:\s+now|\s+today)?|get\s+started(?:\s+for\s+free|\s+now)?|"
    r"(?:start|begin)\s+(?:your\s+|a\s+)?free\s+trial|try\s+(?:it\s+)?(?:for\s+)?free|"
    r"(?:book|request|schedule|get)\s+a\s+(?:free\s+)?demo|"
    r"(?:learn|read|see|show|view|load)\s+more|(?:see|view|show)\s+all(?:\s+\w+){0,2}|"
    r"loading(?:\.\.\.|…)?|advertisement(?:\s*-\s*continue\s+reading\s+below)?|"
    r"continue\s+reading(?:\s+below)?|sponsored|edit\s+(?:this\s+page(?:\s+on\s+\w+)?|on\s+github)|"
    r"was\s+this\s+(?:page|article|answer|post)\s+helpful|"
    r"report(?:\s+(?:inappropriate\s+content|a\s+bad\s+link|abuse|this\s+\w+))?|"
    r"reply(?:\s+with\s+quote)?|quote|share(?:\s+this(?:\s+\w+)?)?|print(?:\s+this\s+\w+)?|"
    r"copy\s+link|tweet|pin\s+it|"
    r"(?:you\s+must|please)\s+(?:log\s*in|sign\s*in|register)\b.*|"
    r"create\s+an\s+account\s+or\s+sign\s+in\b.*|you\s+need\s+to\s+be\s+a\s+member\b.*|"
    r"leave\s+a\s+(?:comment|reply)|add\s+to\s+(?:cart|bag|basket|wish\s*list|favou?rites)|"
    r"buy\s+now|shop\s+now|watch\s+this\s+(?:topic|thread)|page\s+tools|filter\s*(?:&|and)\s*sort|"
    r"(?:expand\s*/\s*collapse|expand|collapse)\s+all\s+filters|(?:reset|clear)\s+all\s+filters|"
    r"jump\s+to|skip\s+to\s+(?:main\s+)?content|powered\s+by\b.*|"
    # a board's link up to its list of threads ("Browse all 161,163 Japan topics »")
    r"(?:browse|see|view|show)\s+all\s+\d[\d,.]*\s+(?:[\w&'-]+\s+){0,3}"
    r"(?:topics|threads|discussions|conversations|questions)|"
    # a help desk's prompt beside a size chart or a form ("Questions? Chat with an expert.")
    r"(?:(?:any\s+|have\s+)?questions|need\s+(?:some\s+)?help)\s*\?\s*"
    r"(?:chat|talk|speak)\s+(?:with|to)\s+(?:an?\s+|our\s+)?"
    r"(?:expert|specialist|stylist|human|agent|advisor|adviser|representative|us)s?|"
    # an author box's link to the author's page
    r"(?:view|see|read|more)\s+(?:all\s+)?(?:posts|articles|stories)\s+(?:by|from)\b.{0,60}|"
    r"you\s+are\s+not\s+logged\s+in\b.*|"
    # reading times and comment and reaction counters beside a post's title (the count and a
    # label in an element of its own read as one word: "44reactions")
    r"\d+\s*(?:min(?:ute)?s?|hrs?|hours?)\.?\s+read(?:ing)?(?:\s+time)?|"
    r"\d+\s*(?:comments?|reactions?)|(?:see|view|show|load(?:ing)?)\s+(?:all\s+)?(?:story\s+)?comments|"
    # quote expanders, post counters, status and error messages of page scripts
    r"click\s+to\s+(?:expand|shrink)(?:\.\.\.|…)?|post\s+#?\d+\s+of\s+\d+|"
    r"total\s*:\s*\d+\s*\(members\s*:\s*\d+,\s*guests\s*:\s*\d+\)|"
    r"please\s+enter\s+a\s+valid\b.*|(?:there\s+was\s+a\s+problem|something\s+went\s+wrong)\b.*|"
    r"(?:hm+,?\s+)?we(?:'|\u2019)re\s+having\s+trouble\b.*|try\s+(?:to\s+)?refresh(?:ing)?\s+the\s+page\b.*|"
    r"you\s+are\s+using\s+an\s+out\s+of\s+date\s+browser\b.*|"
    r"(?:advertisement|sponsored)\s*[-:\u2013\u2014]\s*.{0,60}|"
    r"(?:in|out\s+of)\s+stock|sold\s+out|page\s+\d+\s+of\s+\d+|(?:return|go\s+back)\s+to\b.{0,40}|"
    # a poster's stats beside each forum post ("Posts: 710", "Joined: Jun 29, 2016")
    r"(?:registered|joined|posts|messages|reputation|reaction\s+score|points|karma|"
    r"member\s+since|total\s+posts|thanks|likes\s+received)\s*:?\s*[\w ,./:-]{0,40}"
    r")\W*$",
    re.IGNORECASE,
)
_UI_MAX_CHARS = 80
_BYLINE_MAX_CHARS = 200
_BYLINE_WORDS = frozenset({"byline", "dateline"})
_META_OWNERS = frozenset({"entry", "post", "article", "story"})  # "entry-meta", "post-meta"
# (the candidates: a class holding one of these parts, or an id holding "yline")
_BYLINE_CLASS_PARTS = ("yline", "dateline", "meta")
_BYLINE_ID_PARTS = ("yline",)
_MARKED_WORDS = frozenset({"paywall", "nocontent", "sitenotice"})  # (and "site-notice")
_MARKED_PARTS = ("paywall", "nocontent", "notice")  # (the candidates: a class or id holding one)
_QUESTION_MAX_CHARS = 200
_UI_TAGS = "a, p, span, div, li, small, label, strong, b, em, dt, dd"
_COPYRIGHT = re.compile(r"©|&copy;|\(c\)\s*(?:19|20)\d\d|\ball\s+rights\s+reserved\b", re.I)
_FOOTER_SHARE = 0.25
_FOOTER_ELEMENT_SHARE = 0.4
_FOOTER_SHORT = 300  # characters: a copyright block this short is a footer whatever its links
_FOOTER_LINKS = 0.4
# What a copyright line says, one of which the block's text must hold for any of its elements
# to have one (most blocks have none: their elements' own texts are not read). (A mark cut by
# an element holding text, "(<b>x</b>c) 2026", is read as it shows: no mark.)
_COPYRIGHT_HINTS = ("©", "&copy;", "(c)", "reserved")
# ("blind": the screen-reader-only class of Korean design systems; "screen-reader-text":
# WordPress and WooCommerce, whose prices say "Original price was: 249€" to screen readers)
_HIDDEN_CLASSES = frozenset(
    {
        "hide", "hidden", "d-none", "is-hidden", "visually-hidden", "sr-only", "blind",
        "screen-reader-text", "screen-reader-only", "visuallyhidden", "element-invisible",
        "show-for-sr", "u-visually-hidden", "a11y-hidden", "sr-text", "screenreader-only",
    }
)  # fmt: skip
# The elements whose class may hold one of ``_HIDDEN_CLASSES`` (each holds one of these parts,
# matched by ``named_hits`` in any ASCII case): most elements are not, and are spared a call each.
_HIDING_PARTS = ("hid", "none", "sr", "blind", "screen", "invisible")
# A responsive utility class that displays the element at some breakpoint (``md:block``).
_SHOWN = re.compile(r"^[\w-]+:(?:block|flex|grid|inline|inline-block|inline-flex|table|contents)$")
# Hidden classes a script toggles to show a panel (the others hide text from sight for good).
_TOGGLED_CLASSES = frozenset({"hide", "hidden", "d-none", "is-hidden"})
# Utility classes that only set how a shown element is displayed: a tab's shown panel may
# carry ``flex`` where its hidden siblings carry ``hidden``.
_DISPLAY_CLASSES = frozenset(
    {"block", "flex", "grid", "inline", "inline-block", "inline-flex", "table", "contents", "show"}
)


def _has_text(node: LexborNode) -> bool:
    return text_len(node) > 0


def _disclosure_question(node: LexborNode) -> bool:
    """A button that opens a panel (``aria-expanded``) and asks a question: an FAQ entry's
    question, content like its answer (which is kept, hidden or not)."""
    if node.attributes.get("aria-expanded") is None:
        return False
    text = node.text(deep=True, strip=True)
    return text.endswith("?") and len(text) <= _QUESTION_MAX_CHARS and len(text.split()) >= 3


def _form_is_boilerplate(form: LexborNode, total: int) -> bool:
    if form.css_first("input:not([type=hidden]), textarea, select") is None:
        return False
    # a picker's options are not the form's text (a contact form's list of 250 countries)
    size = text_len(form) - sum(text_len(picker) for picker in form.css("select"))
    return size <= _SMALL_SHARE * total


def _form_box(form: LexborNode, scope: LexborNode) -> LexborNode:
    """The box a small form sits in: its highest wrapper below ``scope`` holding little text
    (a sign-up box's "Stay informed" title and privacy note go with its form)."""
    return widest_while(form, scope, _form_box_fits) or form


def _form_box_fits(node: LexborNode) -> bool:
    if text_len(node) > _FORM_BOX_CHARS or node.css_first("h1") is not None:
        return False
    # a form beside a price is a purchase form: the item around it stays
    return not _PRICE.search(node.text(deep=True))


def _control_link(link: LexborNode) -> bool:
    href = (link.attrs.get("href") or "").lstrip().lower()
    text = deep_text(link)  # (the link rules measure every link: it is remembered)
    if href.startswith("javascript:"):
        return len(text) <= _UI_MAX_CHARS
    return not text and link.css_first(_PICTURES) is None


def _cta_link(link: LexborNode) -> bool:
    return _cta_classes(link.attrs.get("class") or "") and text_len(link) <= 40


@text_memo  # (pages repeat their links' class values)
def _cta_classes(value: str) -> bool:
    return not _CTA_WORDS.isdisjoint(_WORDS.findall(value.lower().replace("_", "-")))


def boilerplate_heading(heading: LexborNode) -> bool:
    """Whether ``heading``'s whole text names the page's chrome ("Related posts", "See also",
    "Contact us"...: the pattern of :func:`heading_block`)."""
    return _whole_label(heading, _BOILERPLATE_HEADING)


def _whole_label(heading: LexborNode, pattern: re.Pattern[str]) -> bool:
    """Whether ``heading``'s whole text, short as a heading's, matches ``pattern``."""
    label = heading.text(deep=True, strip=True)
    return bool(label) and len(label) <= _HEADING_MAX_CHARS and bool(pattern.match(label))


def heading_block(
    heading: LexborNode,
    scope: LexborNode,
    total: int,
    pattern: re.Pattern[str] = _BOILERPLATE_HEADING,
    share: float = _SMALL_SHARE,
) -> LexborNode | None:
    """The largest wrapper opened by a boilerplate ``heading`` (whose whole text matches
    ``pattern``), small relative to ``scope`` (at most ``share`` of its text, ``total``)."""
    if not _whole_label(heading, pattern):
        return None
    limit = share * total

    def opened(node: LexborNode) -> bool:  # (by the heading, and small)
        first = node.css_first(_HEADINGS)
        return first is not None and first.mem_id == heading.mem_id and text_len(node) <= limit

    return widest_while(heading, scope, opened) or heading


def _holding_links(scope: LexborNode, links: list[LexborNode]) -> set[int]:
    """``mem_id`` of the elements under ``scope`` (and of ``scope``) that hold one of its
    ``links`` (``scope.css("a")``)."""
    own = scope.mem_id
    linked: set[int] = set()
    for link in links:
        current = link.parent
        while current is not None:
            key = current.mem_id
            if key in linked:
                break  # (and so are its ancestors)
            linked.add(key)
            if key == own:
                break
            current = current.parent
    return linked


def _link_lists(scope: LexborNode, total: int, links: list[LexborNode]) -> list[LexborNode]:
    """Blocks made almost only of links (menus, tag clouds, link lists), small in the block;
    ``links``: ``scope.css("a")``."""
    out: list[LexborNode] = []
    if link_text_len(scope) >= _LISTING_SCOPE * max(total, 1):
        return out  # a listing page: its link lists are its items
    linked = _holding_links(scope, links)
    limit = _SMALL_SHARE * total
    # Innermost first: a block holding one longer than the limit is longer too (its text
    # holds the other's), so the page's big wrappers are not read (a walk of the page each).
    long: set[int] = set()
    for node in reversed(scope.css("ul, ol, div, section, table, p")):
        key = node.mem_id
        if key not in linked or key in long:
            continue  # no link inside (most blocks of an article): not measured
        size = text_len(node)
        if size > limit:
            current = node.parent
            while current is not None and current.mem_id not in long:
                long.add(current.mem_id)
                current = current.parent
            continue
        if size < _LINK_LIST_MIN_CHARS:
            continue
        if link_text_len(node) < _LINK_DENSE * size or node.css_first("h1") is not None:
            continue
        anchors = node.css("a")
        if len(anchors) < 2:
            continue  # one link is a title or a card, not a list
        if len(anchors) >= _MANY_LINKS and size / len(anchors) > _TITLE_CHARS:
            continue  # a list of items with titles, not a menu
        if whole_item_card(node):
            continue  # one product's links (picture, name, price), among sibling cards
        if card_tag_row(node):
            continue  # one item's topic links, among look-alike items
        out.append(node)
    out.reverse()  # (document order)
    return out


def _page_menu(node: LexborNode) -> bool:
    """Whether a link list of a documentation page is the page's furniture, not its text: a
    table of contents (jumps within the page) or the manual's previous / next page links."""
    anchors = node.css("a")
    jumps = sum(1 for a in anchors if (a.attributes.get("href") or "").startswith("#"))
    if jumps * 2 >= len(anchors):
        return True
    return _PAGER_WORDS.search(node.text(deep=True)) is not None


def _copyright_footer(
    line: LexborNode, scope: LexborNode, total: int, short: int = _FOOTER_SHORT
) -> LexborNode | None:
    """The largest block around a copyright ``line`` that is small in ``scope`` (``short``:
    the size up to which it is taken whatever its links)."""
    best: LexborNode | None = None
    current: LexborNode | None = line
    limit = _FOOTER_SHARE * total
    while current is not None and current.mem_id != scope.mem_id:
        size = text_len(current)
        if size > _FOOTER_ELEMENT_SHARE * total:
            break
        if current.tag == "footer":
            return current  # a <footer> holding the copyright is the page's, wherever it sits
        if size <= limit and (size <= short or link_text_len(current) >= _FOOTER_LINKS * size):
            best = current
        current = current.parent
    return best


_LEGAL_CHARS = 500  # a copyright line with the owner's trademark notes after it
_RESERVED = re.compile(
    r"^\W{0,3}(?:copyright\s+)?(?:©|\(c\)).{0,120}\ball\s+rights\s+reserved\b", re.I
)


def _legal_line(own: str) -> bool:
    """A longer text that opens with a copyright mark and says "all rights reserved" early:
    the owner's legal line, its trademark notes run on ("Linux is a registered trademark
    of...")."""
    return len(own) <= _LEGAL_CHARS and _RESERVED.match(own) is not None


def footer_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """Unmarked page footers: blocks holding a copyright line, small in ``scope``."""
    out: list[LexborNode] = []
    text = lowered_text(scope)
    if not any(hint in text for hint in _COPYRIGHT_HINTS):
        return out
    for node in scope.css("p, div, span, small, li, td"):
        own = node.text(deep=False, strip=True)
        if own and len(own) < 200 and _COPYRIGHT.search(own):
            block = _copyright_footer(node, scope, total)
        elif own and _legal_line(own):  # (with its policy links: a line and a half more)
            block = _copyright_footer(node, scope, total, len(own) + _FOOTER_SHORT // 2)
        else:
            continue
        if block is not None:
            out.append(block)
    return out


def _short_texts(scope: LexborNode) -> list[tuple[LexborNode, str]]:
    """The elements (and texts) that may hold an interface phrase or a teaser list's title:
    short ones of the tags that carry them (read once for both rules)."""
    return short_texts(scope, scope.css(_UI_TAGS), _UI_MAX_CHARS)


def ui_phrase_removals(scope: LexborNode) -> list[LexborNode]:
    """Small elements whose whole text is an interface phrase ("Sign up", "Learn more")."""
    return _ui_phrases(_short_texts(scope))


def _ui_phrases(texts: list[tuple[LexborNode, str]]) -> list[LexborNode]:
    return [n for n, text in texts if _ui_phrase(text)]


# (remembered: nested wrappers share their text and pages repeat their labels ("Reply",
# "Add to Cart"), and the pattern tries every phrase)
@text_memo
def _ui_phrase(text: str) -> bool:
    return _UI_PHRASE.match(text) is not None


def ui_phrase(text: str) -> bool:
    """Whether ``text`` is, whole, an interface phrase ("Sign up", "Learn more")."""
    return len(text) <= _UI_MAX_CHARS and _ui_phrase(text)


def language_menus(scope: LexborNode) -> list[LexborNode]:
    """Lists of links to the page in other languages: ``hreflang`` links naming at least
    ``_LANGUAGES`` different languages with short texts (language names, not titles of
    items in several languages), the list made of them."""
    links = scope.css("a[hreflang]")
    if len(links) < _LANGUAGES:
        return []
    groups: dict[int, tuple[LexborNode, set[str], list[int]]] = {}
    for link in links:
        current = link.parent
        while current is not None and current.tag not in ("ul", "ol", "select", "nav"):
            current = current.parent
        if current is None or current.mem_id == scope.mem_id:
            continue
        entry = groups.setdefault(current.mem_id, (current, set(), []))
        entry[1].add((link.attributes.get("hreflang") or "").lower())
        entry[2].append(len(link.text(deep=True, strip=True)))
    return [
        node
        for node, languages, sizes in groups.values()
        if len(languages) >= _LANGUAGES
        and sum(sizes) <= _TITLE_CHARS * len(sizes)
        and link_text_len(node) >= _LINK_DENSE * text_len(node)
    ]


def residual_removals(scope: LexborNode, total: int, *, docs: bool = False) -> list[LexborNode]:
    """Boilerplate elements under ``scope`` (possibly nested; callers take the topmost).

    ``total`` is the text length of ``scope``; ``docs``: the page is documentation, whose
    blocks of links in the text (a "See also" list, the module's functions) are its content.
    """
    own = scope.mem_id
    found: list[LexborNode] = []
    for node in elements(scope, CONTROLS):
        if node.mem_id == own:
            continue
        if node.tag in ("svg", "input", "select", "textarea") or (
            _has_text(node) and not _disclosure_question(node) and not accordion_title(node)
        ):
            found.append(node)
    forms = [f for f in scope.css("form") if f.mem_id != own and _form_is_boilerplate(f, total)]
    # a form asking for the reader's details (sign-up, contact, comment) goes with its box
    found += [_form_box(f, scope) if f.css_first(_DETAILS_INPUTS) else f for f in forms]
    # captions of form controls, which are gone: "Size", "Quantity", "Filter by price"
    found += [n for n in scope.css("label") if text_len(n) <= _LABEL_SHARE * total]
    found += [
        n
        for n in scope.css(_SMALL_CONTROLS)
        if n.mem_id != own and text_len(n) <= _SMALL_SHARE * total
    ]
    links = elements(scope, "a")  # (one walk for the link rules)
    found += [a for a in links if _cta_link(a)]
    found += [a for a in links if _control_link(a)]
    lists = _link_lists(scope, total, links)
    found += [n for n in lists if _page_menu(n)] if docs else lists
    found += footer_removals(scope, total)
    texts = _short_texts(scope)
    found += _ui_phrases(texts)
    found += language_menus(scope)
    found += byline_removals(scope)
    found += marked_removals(scope, total)
    found += taxonomy_removals(scope)
    found += share_link_removals(scope)
    for heading in elements(scope, _HEADINGS):
        block = heading_block(heading, scope, total)
        if block is not None:
            found.append(block)
    found += _label_blocks(scope, total, texts)
    return found


def _first_text(node: LexborNode) -> LexborNode | None:
    for child in node.traverse(include_text=True):
        if child.tag == "-text" and child.text(strip=True):
            return child
    return None


def label_blocks(scope: LexborNode, total: int) -> list[LexborNode]:
    """Blocks opened by a boilerplate title that is not a heading element (a styled
    ``<span>`` or ``<div>`` saying "Recommended Articles"): the largest wrapper that starts
    with the title, small relative to ``scope``."""
    return _label_blocks(scope, total, _short_texts(scope))


def _label_blocks(
    scope: LexborNode, total: int, texts: list[tuple[LexborNode, str]]
) -> list[LexborNode]:
    """:func:`label_blocks` from the block's short ``texts`` (a title is short)."""
    out: list[LexborNode] = []
    limit = _SMALL_SHARE * total
    for label, text in texts:
        if label.tag not in _LABEL_TAGS or len(text) > _HEADING_MAX_CHARS:
            continue
        if not _TEASER_LABEL.match(text) or not _says_label_word(label):
            continue
        if label.css_first(_HEADINGS) is not None or _ancestor_heading(label):
            continue  # a heading element's own rule handles it
        first = _first_text(label)
        if first is None:
            continue
        best = widest_while(label, scope, partial(_starts_with, first, limit))
        if best is not None:
            out.append(best)
    return out


def _says_label_word(node: LexborNode) -> bool:
    """Whether one of ``node``'s own text nodes, on its own, holds a word of
    ``_LABEL_WORDS`` in any case (a title wrapped in a ``<span>`` is the span's)."""
    for child in node.iter(include_text=True):
        if child.tag == "-text":
            data = child.text().lower()
            if any(word in data for word in _LABEL_WORDS):
                return True
    return False


def _starts_with(first: LexborNode, limit: float, node: LexborNode) -> bool:
    """Whether ``node``'s first text is ``first`` and its text within ``limit``."""
    if text_len(node) > limit:
        return False
    start = _first_text(node)
    return start is not None and start.mem_id == first.mem_id


def _ancestor_heading(node: LexborNode) -> bool:
    current = node.parent
    for _ in range(3):
        if current is None:
            return False
        if current.tag in _HEADING_TAG_NAMES:
            return True
        current = current.parent
    return False


def marked_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """Small elements whose class/id says they are not the page's content: a paywall's
    pitch, a site notice, Google's ``nocontent`` convention."""
    out: list[LexborNode] = []
    for node in named_hits(scope, _MARKED_PARTS, _MARKED_PARTS):
        if node.mem_id == scope.mem_id or text_len(node) > _SMALL_SHARE * total:
            continue
        value = f"{node.attributes.get('class') or ''} {node.attributes.get('id') or ''}"
        for token in value.split():
            words = token_words(token)
            if _MARKED_WORDS.intersection(words) or {"site", "notice"} <= set(words):
                out.append(node)
                break
    return out


def byline_removals(scope: LexborNode) -> list[LexborNode]:
    """Short elements named ``byline``/``dateline`` or a post's meta line (``entry-meta``):
    the author and date line, which the metadata carries; never one holding a heading or
    much text."""
    out: list[LexborNode] = []
    for node in named_hits(scope, _BYLINE_CLASS_PARTS, _BYLINE_ID_PARTS):
        if node.mem_id == scope.mem_id or text_len(node) > _BYLINE_MAX_CHARS:
            continue
        value = f"{node.attributes.get('class') or ''} {node.attributes.get('id') or ''}"
        if any(_byline_token(t) for t in value.split()) and node.css_first(_HEADINGS) is None:
            out.append(node)
    return out


def _byline_token(token: str) -> bool:
    words = set(token_words(token))
    return bool(words & _BYLINE_WORDS) or (
        "meta" in words and bool(words & _META_OWNERS) and words <= _META_OWNERS | {"meta"}
    )


def hidden_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """Small blocks hidden by a utility class (``hide``, ``d-none``, ``sr-only``...).

    Not when another class shows them at some breakpoint (``hidden md:block``), not large
    ones (a hidden tab holding the page's text is content), and not the hidden panels of a
    tab set whose shown panel is a sibling (:func:`_tab_panel`).
    """
    own = scope.mem_id
    out: list[LexborNode] = []
    seen: set[int] = set()  # (lexbor lists an element once for each part its class holds)
    for node in named_hits(scope, _HIDING_PARTS):
        value = node.attrs.get("class") or ""
        if not _hiding(value) or node.mem_id == own or node.mem_id in seen:
            continue
        seen.add(node.mem_id)
        classes = value.lower().split()
        if text_len(node) <= _SMALL_SHARE * total and not _tab_panel(node, classes):
            out.append(node)
    return out


@text_memo  # (pages repeat their class values)
def _hiding(value: str) -> bool:
    """Whether a ``class`` value holds a hiding class and no class showing the element."""
    classes = value.lower().split()
    return bool(_HIDDEN_CLASSES.intersection(classes)) and not any(_SHOWN.match(c) for c in classes)


def _tab_panel(node: LexborNode, classes: list[str]) -> bool:
    """Whether ``node`` (hidden by ``classes``) is one panel of a set the page shows one at a
    time by script (tabs, "show more"): a sibling of the same tag is shown, with the same
    classes but the hidden and display ones (or both are ``role=tabpanel``), and says
    something else (a responsive copy says the same)."""
    parent = node.parent
    if parent is None or not _TOGGLED_CLASSES.intersection(classes):
        return False  # screen-reader text (sr-only) is never a panel shown by script
    tabpanel = node.attributes.get("role") == "tabpanel"
    kind = _panel_kind(classes)
    if not kind and not tabpanel:
        return False
    text = None
    for sibling in parent.iter():
        if sibling.tag != node.tag or sibling.mem_id == node.mem_id:
            continue
        other = (sibling.attributes.get("class") or "").lower().split()
        if _HIDDEN_CLASSES.intersection(other):
            continue
        if not (tabpanel and sibling.attributes.get("role") == "tabpanel") and (
            not kind or _panel_kind(other) != kind
        ):
            continue
        if text is None:
            text = node.text(deep=True, separator=" ", strip=True)
        if sibling.text(deep=True, separator=" ", strip=True) != text:
            return True
    return False


def _panel_kind(classes: list[str]) -> frozenset[str]:
    return frozenset(c for c in classes if c not in _HIDDEN_CLASSES and c not in _DISPLAY_CLASSES)
