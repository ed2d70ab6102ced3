"""The per-post chrome that forum engines print, recognised by the engines' own markup.

The common forum engines have stable class vocabularies that name their posts' bodies
(XenForo ``bbWrapper``, Discourse ``cooked``, phpBB ``postbody``, vBulletin
``post_message_N``, Invision ``data-role=commentContent``, MyBB ``post_body``, SMF
``inner`` under ``post``, Vanilla ``Message userContent``, Discuz ``t_f``, bbPress
``bbp-reply-content``...) and the furniture around them (posters' groups and stats,
signatures, post buttons, compose boxes). A rule keyed on that vocabulary holds on every site
running the engine, not on one site.

:func:`engine_removals`, on thread pages, takes the engines' per-post chrome, each short,
and the topic's title written again as the first post's subject (phpBB's ``<h3>`` under the
topic's ``<h2>``); posters' names and post dates stay (other rules keep them).
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import deep_text, text_len, widest_matching

# Switches for measuring each rule family on and off in one process.
CHROME = True
TITLE_COPIES = True
PREVIEWS = True
REACTION_LINKS = True
SIGNATURES = True
QA_COUNTERS = True
BOARD_BANDS = True
TOPIC_LISTS = True
REPLY_BOXES = True

# The engines' post bodies (never inside a removed element).
_POST_BODIES = (
    ".message-body .bbWrapper",  # XenForo 2
    "blockquote.messageText",  # XenForo 1
    ".topic-body .cooked",  # Discourse
    ".postbody .content",  # phpBB (prosilver)
    "[id^=post_message_]",  # vBulletin 3/4
    ".js-post__content-text",  # vBulletin 5
    "[data-role=commentContent]",  # Invision Community
    ".post_body[id^=pid_]",  # MyBB
    ".post > .inner[id^=msg_]",  # SMF
    ".Message.userContent",  # Vanilla
    "td.t_f[id^=postmessage_]",  # Discuz!
    ".bbp-reply-content",  # bbPress
    "[component='post/content']",  # NodeBB
    ".Post-body",  # Flarum
    ".lia-message-body-content",  # Khoros (Lithium)
    ".postmsg",  # FluxBB / PunBB
)
_BODIES = ", ".join(_POST_BODIES)

# Per-post chrome of the engines that the generic class-word rules miss (their class names
# say "buttons", "stats", "role" in words of their own). Each goes when short.
_CHROME = ", ".join(
    (
        # Invision Community: signature, post buttons
        "[data-role=memberSignature]",
        "[data-role=commentControls]",
        ".ipsComment_controls",
        # XenForo 1: "X, Y and Z like this."; edit notes of XenForo 2 ("Last edited by a
        # moderator: ..."), vBulletin 4 ("Last edited by X; date") and MyBB ("This post was
        # last modified: ...")
        ".likesSummary",
        ".message-lastEdit",
        ".lastedited",
        ".edited_post",
        # MyBB: the poster's stats and rank beside the post, post buttons
        ".author_statistics",
        ".post_author .smalltext",
        ".post_controls",
        # SMF: the topic's bar ("Topic: X (Read 1234 times)"), the poster's group, karma
        # and blurb, edit notes ("« Last Edit: ... by X »"), report links and "Logged"
        "#forumposts > .cat_bar",
        "[id^=modified_]",
        ".poster li.membergroup",
        ".poster li.postgroup",
        ".poster li.karma",
        ".poster li.blurb",
        ".poster li.stars",
        ".poster li.custom",
        ".poster li.title",
        ".poster li.im_icons",
        ".poster li.poster_ip",
        ".reportlinks",
        # vBulletin 3: the post's subject line (the topic's title again, or "Re:"), the
        # poster's title and stats beside the name
        "[id^=td_post_] > div.smallfont:first-child",
        "[id^=postmenu_] ~ div.smallfont",
        # bbPress: the poster's role, the table's header and footer rows, admin links
        ".bbp-author-role",
        ".bbp-reply-ip",
        ".bbp-admin-links",
        ".bbp-replies > .bbp-header",
        ".bbp-replies > .bbp-footer",
        # Discuz!: the poster's stats and group, the floor label, signature, buttons
        ".pls .tns",
        ".pls p > em",
        ".plc .pi > strong",
        ".plc .sign",
        ".plc .po",
        # vBulletin 5: post controls and the poster's stats
        ".b-post__footer",
        ".b-userinfo__additional-info",
        # NodeBB and Flarum: post tools, reply/quote/vote buttons and badges
        "[component='post/actions']",
        ".post-tools",
        ".Post-actions",
        ".Post-footer",
        ".PostUser-badges",
        # Khoros: the poster's rank and stats, kudos and reply buttons
        ".lia-message-author-rank",
        ".lia-message-stats",
        ".lia-component-kudos-widget-button-version-3",
        ".lia-message-footer",
        ".lia-menu-navigation-wrapper",  # each post's "Options" menu (Bookmark, Mute, Print...)
        ".lia-menu-dropdown-items",
    )
)
# Link previews the engine writes from the linked page (Discourse's onebox, XenForo's
# unfurl): the page's description goes, the link stays.
_PREVIEW_TEXT = ".onebox .onebox-body > p, .bbCodeBlock--unfurl .contentRow-snippet"
# XenForo's reactions overlay (posts/N/reactions?reaction_id=1): "👍 3" under a post, also
# in add-ons' rating bars that carry no "reaction" class.
_REACTION_LINKS = 'a[href*="/reactions?reaction_id="]'
# A signature under vBulletin's separator line ("__________________" then the signature).
_SIGNATURE_RULE = "__________"
_SIGNATURE = re.compile(r"^\s*_{10,}")
# Q&A sites' counter line beside each answer's author ("Author has 9.6K answers and 47.1M
# answer views"), on any page: the phrase says what it is.
_QA_COUNTER_KEYWORD = "answer views"
_QA_COUNTER = re.compile(
    r"^\W*author\s+has\s+[\d.,]+\s*[kmb]?\s+answers?\s+and\s+[\d.,]+\s*[kmb]?\s+answer\s+views\W*$",
    re.IGNORECASE,
)
_QA_COUNTER_MAX_CHARS = 80
# The board's band above the topic, holding no post: SMF 2.1's ``#upper_section`` (the
# visitor's clock, the board's news, the mobile menu), at most this share of the block.
_BOARD_BANDS = "#upper_section"
_BOARD_BAND_SHARE = 0.3
# Reply boxes under the thread (Invision's "Create an account or sign in to comment", with
# its sign-up and sign-in calls), same share limit.
_REPLY_BOXES = "[data-role=replyArea], .cTopicPostArea"
# Lists of other topics the engines print under or beside the thread: Discourse's suggested
# and related topics, Stack Exchange's linked and related questions (same share limit).
_TOPIC_LISTS = ", ".join(
    (
        "#suggested-topics",
        ".suggested-topics",
        ".more-topics__container",
        "#related-topics",
        ".sidebar-linked",
        ".sidebar-related",
        "#hot-network-questions",
    )
)
_CHROME_MAX_CHARS = 300
_POST_MIN_CHARS = 20
# A topic's title, written again: "Re:" prefixes and a trailing ellipsis aside.
_HEADINGS = "h1, h2, h3, h4, h5, h6"
_REPLY_PREFIX = re.compile(r"^\s*(?:re\s*:\s*)+", re.IGNORECASE)
_LABEL_PREFIX = re.compile(r"^\s*(?:thread|topic)\s*:\s*", re.IGNORECASE)  # vB4's h1
_TITLE_GAPS = re.compile(r"\W+")
_TITLE_MIN_CHARS = 8
_TITLE_TAGS = frozenset({"h1", "h2"})


def engine_removals(scope: LexborNode, *, thread: bool) -> list[LexborNode]:
    """Per-post chrome of the forum engines under ``scope``, on thread pages (``thread``),
    and Q&A sites' counter lines on any page."""
    out: list[LexborNode] = []
    if QA_COUNTERS and _QA_COUNTER_KEYWORD in deep_text(scope):  # (written in lowercase)
        hits = scope.css(f'*:lexbor-contains("{_QA_COUNTER_KEYWORD}" i)')
        found = (
            widest_matching(h, scope, _QA_COUNTER, _QA_COUNTER_MAX_CHARS, separator=" ")
            for h in hits
        )
        out += [n for n in found if n is not None]
    if not thread:
        return out
    if BOARD_BANDS:
        out += _bands(scope, _BOARD_BANDS)
    if TOPIC_LISTS:
        out += _bands(scope, _TOPIC_LISTS)
    if REPLY_BOXES:
        out += _bands(scope, _REPLY_BOXES)
    if CHROME:
        out += [n for n in scope.css(_CHROME) if _short(n)]
    if TITLE_COPIES:
        out += _title_copies(scope)
    if PREVIEWS:
        out += scope.css(_PREVIEW_TEXT)
    if REACTION_LINKS:
        out += [n for n in scope.css(_REACTION_LINKS) if _short(n)]
    if SIGNATURES:
        out += [
            n
            for n in scope.css(f'div:lexbor-contains("{_SIGNATURE_RULE}")')
            if _SIGNATURE.match(n.text(deep=True)) and _short(n)
        ]
    return [n for n in out if n.mem_id != scope.mem_id]


def _bands(scope: LexborNode, selector: str) -> list[LexborNode]:
    """Elements of ``selector`` holding no post, at most a share of ``scope``."""
    limit = _BOARD_BAND_SHARE * text_len(scope)
    return [n for n in scope.css(selector) if text_len(n) <= limit and n.css_first(_BODIES) is None]


def _short(node: LexborNode) -> bool:
    """Short, and holding no post (bbPress's header row has an empty body cell)."""
    if text_len(node) > _CHROME_MAX_CHARS:
        return False
    return all(text_len(body) < _POST_MIN_CHARS for body in node.css(_BODIES))


def _title_key(text: str) -> str:
    text = _LABEL_PREFIX.sub("", _REPLY_PREFIX.sub("", text))
    return _TITLE_GAPS.sub(" ", text).strip().lower()


def _title_copies(scope: LexborNode) -> list[LexborNode]:
    """Headings repeating an earlier ``<h1>`` or ``<h2>`` of the page whole (the topic's
    title written again as the first post's subject): the first stays. Searched in the
    whole document: the topic's heading may lie outside the main block."""
    root = scope
    while root.parent is not None and root.tag != "html":
        root = root.parent
    seen: set[str] = set()
    inside = {n.mem_id for n in scope.css(_HEADINGS)}
    out: list[LexborNode] = []
    for heading in root.css(_HEADINGS):
        text = heading.text(deep=True, separator=" ")
        if _REPLY_PREFIX.match(text):
            continue  # replies' subjects: forum_noise takes them when there are several
        key = _title_key(text)
        if len(key) < _TITLE_MIN_CHARS:
            continue
        if key in seen:
            if heading.mem_id in inside:
                out.append(heading)
        elif heading.tag in _TITLE_TAGS:  # (posters' names repeat in lower headings)
            seen.add(key)
    return out
