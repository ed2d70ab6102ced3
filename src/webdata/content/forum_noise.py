"""Residual boilerplate of forum and Q&A thread pages.

Two kinds of rules, each general (no site names):

* notices of forum software that say what they are by their whole text, removed on any page:
  the out-of-date-browser warning, "Status: Not open for further replies", "Thread starter X
  Start date Y", "Last edited: ...", the posting-rules box ("You may not post new threads",
  "BB code is On"), "Forum Jump" pickers, "All times are GMT +1. The time now is 14:01", the
  "Start asking to get answers" notice below a question, "Asked ... Modified ... Viewed N
  times", boards' sponsor and welcome banners ("This forum made possible through...",
  "Welcome to ... please read the forum rules"), "Join Date: ..."; and the per-post
  "Re: <title>" headings when at least two posts have one; and a post's truncated preview
  ("... Continue Reading") when its full text is a hidden sibling (Q&A sites);
* on thread pages only (see :func:`mark_thread_page`), the furniture repeated on every post:
  post numbers ("#1") and microdata ordinals (``itemprop=position``), like and vote counts
  ("3 likes", a bare number in a ``vote`` box), reaction bars (class word ``react`` /
  ``reactions``, short: "Thanks 2", "A, B and C reacted"), "N answers" headings, "Improve
  this question" links, "Thread starter" / "Start date" labels, runs of counters ("3 posters
  928 views"), single ones ("29,553 posts") and profile fields ("Location: X"), posters'
  status ("jane is offline", "Online") and status icons (``<img alt="jane is offline">``), avatars'
  letters, posters' badges, ranks and titles (class word ``badge`` / ``rank`` /
  ``usertitle``, short), edit notes ("Edited January 29 by X (see edit history)"), the time
  gaps between posts ("2 weeks later..."), the software's credit and feeds ("Powered by
  FluxBB", "Atom topic feed"), its buttons ("Post a reply", "Followers 0", "Previous topic -
  Next topic"), the thread's tag list (class ``tagList`` / ``tags``, short), the board's
  notices (class word ``notice``, small in the block), and quotes repeating a post shown on
  the same page (a reply's copy of it; a quote of a post not on the page stays; not on
  threads known by their structure only, ``thread_structure``, unless their posts link
  their own anchors, ``#p123``); and the
  posts' author lines ("by NAME » date", class word ``author``) are kept from the generic
  byline rule, and so is the poster's name in a side panel (the heading of an ``<aside>``,
  IPB's ``cAuthorPane``; the ``username`` link of phpBB's ``dl.postprofile``), the rest of
  the panel going;
  and so is a post's date link in the post's header (SMF's ``keyinfo``: subject and date
  links, which the link-list rule takes), the rest of the header going.

Lines and notices are found by a keyword of their text (lexbor's ``:lexbor-contains``, asked
only for the keywords present in the block's text), then widened to the largest element
around it, up to a size, whose whole text is the line: no walk over every element.

A thread page is recognised by its own signals, read before the ``<head>`` and the scripts are
dropped: JSON-LD or microdata ``DiscussionForumPosting`` / ``QAPage`` / ``Question``, several
elements carrying forum software's post ids (``p123``, ``post-123``, ``post_1``, ``msg123``;
``<article>``s not counted), or several microdata ``Comment``s on a page that declares no
article. The answer is kept as an
attribute of the ``<html>`` element (never part of the output), like the product-page mark.

The posts' own text, quotes (but copies of a post) and code are never matched: every rule
needs the whole text of the element to be the notice or the counter.
"""

from __future__ import annotations

import re
from itertools import islice
from typing import Any

from selectolax.lexbor import LexborHTMLParser, LexborNode

from webdata.content.dom import (
    HIDDEN_STYLE,
    TEXT_WORD,
    elements,
    has_ancestor_in,
    named_hits,
    text_len,
    token_words,
    topmost,
    widest_matching,
    word_line,
)
from webdata.content.jsonld import graph_from_dumps, node_types
from webdata.content.page_marks import get_mark, set_mark

THREAD_MARK = "data-webdata-thread"
STRUCTURE_MARK = "structure"  # the mark's value on threads known by structure only
ENGINE_MARK = "1"  # ... and on threads known by an engine's signals

_THREAD_TYPES = frozenset({"DiscussionForumPosting", "QAPage", "Question"})
# (JSON-LD names that make the scripts worth parsing: thread types and articles)
_LD_NAMES = ("DiscussionForumPosting", "QAPage", "Question", "Article", "BlogPosting")
_MICRODATA = re.compile(r"schema\.org/(?:discussionforumposting|qapage|question)\b")
_COMMENT_ITEM = re.compile(r"schema\.org/comment\b")
_ARTICLE_ITEM = re.compile(r"article\b|schema\.org/blogposting\b")
_MIN_COMMENTS = 2
# Forum software anchors each post by an id: phpBB/FluxBB "p123", vBulletin "post123",
# XenForo "post-123", Discourse "post_1", SMF "msg123" (on an <article>: a blog's teasers).
_POST_ANCHORS = '[id^="p"], [id^="msg"]'
_POST_ID = re.compile(r"(?:p|post|msg)[-_]?\d+")
_MIN_POSTS = 2
# A post's date as its header writes it, whole: "June 04, 2024, 11:23:55 AM", "4 Jun 2024",
# "2024-06-04 11:23", "04/06/2024" (the link to the post: its permalink).
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
_POST_DATE = re.compile(
    rf"^\W*(?:on\s+)?(?:{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}"
    rf"|\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH},?\s+\d{{4}}"
    r"|\d{4}-\d{2}-\d{2}|\d{1,2}[/.]\d{1,2}[/.]\d{2,4})"
    r"(?:,?\s*(?:at\s+)?\d{1,2}:\d{2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?)?\W*$",
    re.IGNORECASE,
)
_POST_HEADER_MAX_CHARS = 200
# Elements hiding a post's full text: a ``hidden`` attribute, a hiding style (``display:none``,
# ``visibility: hidden``, any case: dom.HIDDEN_STYLE, as elsewhere), a utility class
# (``hidden``, ``d-none``, ``qu-display--none``).
_HIDDEN_ELEMENTS = (
    '[hidden], [style*="none" i], [style*="hidden" i], [class*="hid"], [class*="none"]'
)
_HIDING_CLASSES = frozenset({"hidden", "hide", "d-none", "is-hidden"})
_PREVIEW_MIN_WORDS = 20
_PREVIEW_TAIL_WORDS = 4
_PREVIEW_LONG = 2000  # characters

# Notices: a keyword of their text (found by lexbor per text node, so it lies in one), then
# the largest element around it, up to a size, whose whole text is the notice (a <select>'s
# options not counted: the "Forum Jump" picker).
_NOTICES_BY_KEYWORD: tuple[tuple[str, re.Pattern[str], int], ...] = tuple(
    (keyword, re.compile(rf"^\W*(?:{pattern})$", re.IGNORECASE | re.DOTALL), size)
    for keyword, pattern, size in (
        ("out of date browser", r"you\s+are\s+using\s+an\s+out\s+of\s+date\s+browser\b.*", 300),
        (
            "post new threads",
            r"(?:posting\s+(?:rules|permissions)\W*)?you\s+may\s+not\s+post\s+new\s+threads\b.*",
            600,
        ),
        ("forum jump", r"forum\s+jump\b.*", 100),
        ("all times are", r"all\s+times\s+are\s+(?:gmt|utc)\b.*", 80),
        ("start asking to get answers", r"start\s+asking\s+to\s+get\s+answers\b.*", 400),
        # sponsors' and welcome banners of boards
        (
            "made possible",
            r"this\s+(?:forum|site|board|community)\s+(?:is\s+)?made\s+possible\s+(?:through|by)\b.*",
            300,
        ),
        (
            "forum rules",
            r"welcome\s+to\b.{0,200}\b(?:read|agree\s+to\s+abide\s+by)\s+the\s+(?:forum\s+)?rules\b.*",
            500,
        ),
    )
)
# Short lines standing alone, removed on any page.
_LINE = re.compile(
    r"^\W*(?:"
    r"status\s*:?\s*not\s+open\s+for\s+further\s+replies|"
    r"thread\s+starter\b.{0,60}\bstart\s+date\b.{0,40}|"
    r"last\s+edited\s*:.{0,40}|"
    r"posting\s+rules|code\s*:?\s*select\s+all|join\s+date\s*:.{0,30}|"
    # a run of counters of a thread or a poster: "3 posters 928 views", "9 posts 105 helpful votes"
    r"(?:[\d.,]+\s*[km]?\s+)?(?:[\d.,]+\s*[km]?\s+(?:posts|posters|views|replies|likes|links|users|participants|"
    r"helpful\s+votes|messages)\s*){2,6}|"
    r"asked\b.{0,40}\bmodified\b.{0,40}\bviewed\s+[\d.,]+\s*k?\s+times|"
    r"(?:asked|modified|viewed)\s+(?:[\d.,]+\s*k?\s+times|.{0,30}\bago|today|yesterday)"
    r")\W*$",
    re.IGNORECASE | re.DOTALL,
)
_LINE_MAX_CHARS = 160
# Words (each within one text node) of which a line of _LINE holds at least one.
_LINE_KEYWORDS = (
    "further replies", "thread starter", "last edited", "posting rules", "select all",
    "join date",
)  # fmt: skip
# ... and common words looked for only on question pages / thread pages.
_QUESTION_META = re.compile(r"viewed[\s\d.,km]{1,80}times")
_QUESTION_KEYWORDS = ("asked", "modified", "viewed")
_COUNTER_KEYWORDS = (
    "posts", "posters", "views", "replies", "likes", "links", "users", "participants",
    "helpful votes", "messages",
)  # fmt: skip
_REPLY_HEADING = re.compile(r"^\s*re\s*:\s*\S", re.IGNORECASE)
_HEADINGS = "h2, h3, h4, h5, h6"

# Counters and labels repeated on every post of a thread.
_THREAD_LINE = re.compile(
    r"^\W*(?:"
    r"#\s*\d+|(?:thread\s+starter|start\s+date)\b.{0,60}|[\d.,]+\s*k?\s+likes?|"
    r"[\d.,]+\s+(?:people|persons?|members?|users?)\s+likes?\s+this|"
    r"improve\s+this\s+(?:question|answer)|"
    r"[\d.,]+\s+(?:answers?|replies)(?:\s+[\d.,]+)?|"
    r"(?:\S+(?:\s+\S+)?\s+is\s+)?(?:offline|online)|"  # posters' status ("jane is offline")
    # a poster's single counter beside each post ("29,553 posts", "518 helpful votes")
    r"[\d.,]+\s*k?\s+(?:posts|messages|helpful\s+votes|reputation|points|solutions?)|"
    # ... and its profile fields in the post's side panel (vBulletin, SMF, phpBB)
    r"(?:location|posts|messages|reputation)\s*:\s*.{1,40}|"
    # the board software's credit and feeds in the thread's footer
    # (after a separator only: "Mine is powered by solar panels" is a post)
    r"(?:[^.!?]{0,40}[|\u00b7\u2022\u2013\u2014-]\s*)?powered\s+by\s+[^.!?]{1,40}|"
    r"(?:atom|rss)\s+(?:topic\s+)?feed|"
    # the time gap between two posts ("2 weeks later..."), the edit note under a post
    r"(?:an?|\d+)\s+(?:days?|weeks?|months?|years?)\s+later|"
    # (a date or an age before "by": "Edited the config by hand" is a post)
    r"edited\s+(?:[a-z]+\s+\d{1,2}(?:,?\s+\d{4})?|\d+\s+\w+\s+ago|just\s+now|yesterday|"
    r"today)\s+by\s+.{1,40}?(?:\s*\(see\s+edit\s+history\))?|"
    # the thread's buttons and pickers (phpBB, IPB, SMF)
    r"followers?(?:\s+[\d.,]+)?|post\s+a\s+reply|reply\s+to\s+(?:this\s+)?(?:topic|thread)|"
    r"previous\s+topic\W+next\s+topic|go\s+to\s+topic\s+listing"
    r")\W*$",
    re.IGNORECASE,
)
_THREAD_LINE_MAX_CHARS = 80
_THREAD_LINE_KEYWORDS = (
    "#", "like", "improve this", "answer", "repl", "thread starter", "start date", "offline",
    "online", "posts", "messages", "helpful votes", "reputation", "points",
    "solution", "powered by", "feed", "later", "edited", "follower", "post a reply",
    "reply to", "previous topic", "topic listing", "location",
)  # fmt: skip
_VOTES = ("vote",)  # (class parts: ``named_hits``)
_VOTE_COUNT = re.compile(r"^[\s\d.,kK+-]*$")
_AVATARS = ("avatar",)
# The post's ordinal in microdata (Discourse: <span itemprop="position">3</span>) and the
# poster's status icon (vBulletin: <img alt="jane is offline">).
_ORDINALS = "[itemprop=position]"
_ORDINAL = re.compile(r"^\s*#?\d+\s*$")
_STATUS_ICON = re.compile(r"^\s*(?:\S+(?:\s+\S+)?\s+is\s+)?(?:offline|online)\s*$", re.IGNORECASE)
_AVATAR_MAX_CHARS = 3
# The board's notices above the thread ("Scam alert", "Meetups are being planned").
_NOTICES = ("notice",)
_NOTICE_WORDS = frozenset({"notice", "notices", "announcement", "announcements"})
_SMALL_SHARE = 0.3
# Posters' badges and ranks beside each post ("Premium Sailor", "Level 5").
_BADGES = ("badge", "rank", "usertitle")
# (vBulletin's and FluxBB's ``usertitle``: "Member", "Registered User")
_BADGE_WORDS = frozenset({"badge", "badges", "rank", "ranks", "usertitle"})
_BADGE_MAX_CHARS = 40
# Reaction bars under each post ("Thanks 2", "R C-R, max and SrPx reacted"): class word
# ``react`` / ``reaction(s)``, short.
_REACTIONS = ("react",)
_REACTION_WORDS = frozenset({"react", "reacts", "reaction", "reactions"})
_REACTION_MAX_CHARS = 150
# The thread's tag list in its header ("Tags: apple, ipad pro"): class ``tagList``,
# ``tag-list``, ``tags``; short.
_TAG_LISTS = ("tag",)
_TAG_LIST_MAX_CHARS = 300
# A quote whose longest line (in words, at least this many characters) is shown outside any
# quote of the block repeats a post of the page: a reply's copy of it.
_QUOTE_KEY_CHARS = 40
# A post's author line ("by NAME » Sun Dec 17, 2023 11:23 am"): content of a thread, though
# "author" names a byline box elsewhere. Class words it may carry besides "author":
_BYLINE_WORDS = frozenset({"author", "post", "message", "topic", "details", "info", "line", "meta"})
_BYLINE_MAX_CHARS = 150
# A poster's side panel headed by the poster's name (IPB: <aside class="cAuthorPane"><h3
# class="cAuthorPane_author">NAME</h3>...): the name stays.
_PANEL_NAME_TAGS = frozenset({"h2", "h3", "h4", "h5", "h6"})
_AUTHOR_WORDS = frozenset({"author", "poster", "username"})
_PROFILE_WORDS = frozenset({"postprofile"})
_USERNAME_WORDS = frozenset({"username"})
_PANEL_NAME_MAX_CHARS = 60


def _thread_metadata(tree: LexborHTMLParser, metadata: dict[str, Any]) -> bool:
    scripts = metadata.get("jsonLd")
    texts = [t for t in scripts if isinstance(t, str)] if isinstance(scripts, list) else []
    types: list[str] = []
    if any(name in text for text in texts for name in _LD_NAMES):  # (parsed only when useful)
        types = [t for node in graph_from_dumps(texts).nodes for t in node_types(node)]
        if _THREAD_TYPES.intersection(types):
            return True
    items = [(n.attrs.get("itemtype") or "").lower() for n in tree.css("[itemtype]")]
    if any(_MICRODATA.search(item) for item in items):
        return True
    if _post_anchors(tree) >= _MIN_POSTS:
        return True
    if sum(1 for item in items if _COMMENT_ITEM.search(item)) < _MIN_COMMENTS:
        return False
    if any(_ARTICLE_ITEM.search(item) for item in items):
        return False
    return not any(t.endswith("Article") or t == "BlogPosting" for t in types)


def _post_anchors(tree: LexborHTMLParser) -> int:
    """Elements carrying a forum post's id, ``<article>``s not counted."""
    return sum(
        1
        for n in tree.css(_POST_ANCHORS)
        if n.tag != "article" and _POST_ID.fullmatch(n.attrs.get("id") or "")
    )


def is_post_id(value: str) -> bool:
    """Whether ``value`` is the id forum software gives a post (``p123``, ``post-123``)."""
    return _POST_ID.fullmatch(value) is not None


def mark_thread_page(tree: LexborHTMLParser, metadata: dict[str, Any]) -> None:
    """Record on the ``<html>`` element whether the page is a forum or Q&A thread."""
    if _thread_metadata(tree, metadata):
        set_mark(tree, THREAD_MARK, ENGINE_MARK)


def is_thread_page(node: LexborNode) -> bool:
    """Whether the document of ``node`` was marked by :func:`mark_thread_page`."""
    return get_mark(node, THREAD_MARK) is not None


def _widened(
    scope: LexborNode, keyword: str, pattern: re.Pattern[str], limit: int
) -> list[LexborNode]:
    """For each element holding ``keyword`` in a text node of its own, the largest element
    around it of at most ``limit`` characters (a ``<select>``'s options not counted) whose
    whole text matches ``pattern``."""
    found = (
        widest_matching(hit, scope, pattern, limit, separator=" ", uncounted="select")
        for hit in scope.css(f'*:lexbor-contains("{keyword}" i)')
    )
    return [node for node in found if node is not None]


def forum_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """Boilerplate elements under ``scope`` (text length ``total``) of thread pages."""
    # the page's words, for the keywords (those absent from the page cost nothing)
    words = scope.text(deep=True).lower()
    out: list[LexborNode] = []
    for keyword, pattern, limit in _NOTICES_BY_KEYWORD:
        if keyword in words:
            out += _widened(scope, keyword, pattern, limit)
    keywords = [k for k in _LINE_KEYWORDS if k in words]
    if _QUESTION_META.search(words):
        keywords += _QUESTION_KEYWORDS
    thread = is_thread_page(scope)
    if thread:
        keywords += [k for k in _COUNTER_KEYWORDS if k in words]
    for keyword in keywords:
        out += _widened(scope, keyword, _LINE, _LINE_MAX_CHARS)
    replies = [h for h in elements(scope, _HEADINGS) if _REPLY_HEADING.match(h.text(strip=True))]
    if len(replies) >= 2:
        out += replies
    out += _preview_copies(scope)
    if not thread:
        return out
    for keyword in _THREAD_LINE_KEYWORDS:
        if keyword in words:
            out += _widened(scope, keyword, _THREAD_LINE, _THREAD_LINE_MAX_CHARS)
    out += [
        n for n in named_hits(scope, _VOTES) if _VOTE_COUNT.match(n.text(deep=True, strip=True))
    ]
    out += [
        n
        for n in named_hits(scope, _AVATARS)
        if len(n.text(deep=True, strip=True)) <= _AVATAR_MAX_CHARS
    ]
    out += [n for n in scope.css(_ORDINALS) if _ORDINAL.match(n.text(deep=True))]
    out += [n for n in elements(scope, "img[alt]") if _STATUS_ICON.match(n.attrs.get("alt") or "")]
    out += [n for n in named_hits(scope, _NOTICES) if _notice_box(n, total)]
    out += [n for n in named_hits(scope, _BADGES) if _badge(n)]
    out += [n for n in named_hits(scope, _REACTIONS) if _reaction_bar(n)]
    out += [n for n in named_hits(scope, _TAG_LISTS) if _tag_list(n)]
    if get_mark(scope, THREAD_MARK) != STRUCTURE_MARK:  # (a thread by its signals only)
        out += _quote_copies(scope)
    return [n for n in out if n.mem_id != scope.mem_id]


def _preview_copies(scope: LexborNode) -> list[LexborNode]:
    """Truncated previews of a post whose full text is a hidden sibling (Q&A sites show the
    first lines and "Continue Reading", the whole answer being in the page, hidden until
    clicked): the preview goes, the full copy stays."""
    out: list[LexborNode] = []
    for full in scope.css(_HIDDEN_ELEMENTS):
        if not _hidden(full):
            continue
        whole: str | None = None
        for backward in (True, False):
            preview = full.prev if backward else full.next
            while preview is not None and preview.tag in ("-text", "-comment"):
                preview = preview.prev if backward else preview.next
            if preview is None or _hidden(preview):
                continue
            text = preview.text(deep=True, separator=" ").lower()
            if len(text) > _PREVIEW_LONG:  # (a big sibling: read no more words than can match)
                if whole is None:
                    whole = _words(full.text(deep=True, separator=" "))
                cap = whole.count(" ") + _PREVIEW_TAIL_WORDS  # more words than the full copy's
                head = [m.group() for m in islice(TEXT_WORD.finditer(text), cap)]
                if len(head) >= cap:
                    continue
            else:
                head = TEXT_WORD.findall(text)
            if len(head) < _PREVIEW_MIN_WORDS:
                continue
            if whole is None:
                whole = _words(full.text(deep=True, separator=" "))
            # (the preview ends in a word cut short and a "Continue Reading" or "(more)")
            key = " " + " ".join(head[:-_PREVIEW_TAIL_WORDS]) + " "
            if whole.startswith(key) and len(whole) > len(" ".join(head)) + 1:
                out.append(preview)
    return out


def _hidden(node: LexborNode) -> bool:
    attrs = node.attributes
    if "hidden" in attrs or HIDDEN_STYLE.search(attrs.get("style") or ""):
        return True
    for token in (attrs.get("class") or "").lower().split():
        if token in _HIDING_CLASSES:
            return True
        if "none" in token and "display" in token:  # (a token's words are parts of it)
            words = token_words(token)
            if "display" in words and "none" in words:
                return True
    return False


def keep_post_bylines(scope: LexborNode, found: list[LexborNode]) -> list[LexborNode]:
    """``found`` without the posts' author lines, on thread pages; a poster's side panel
    (an ``<aside>`` headed by the poster's name, phpBB's ``postprofile``) goes but its name."""
    if not is_thread_page(scope):
        return found
    out: list[LexborNode] = []
    names: list[LexborNode] = []
    for node in found:
        if _byline(node):
            continue
        date = _post_date(node)
        if date is not None:
            out += _rest(node, date)  # a post's header: its date stays, the rest goes
            continue
        name = _panel_name(node)
        if name is None:
            name = _profile_name(node)
            if name is None:
                out.append(node)
                continue
            names.append(name)
            out += _rest(node, name)
            continue
        names.append(name)
        out += [c for c in node.iter() if c.mem_id != name.mem_id]
    if not names:
        return out
    # other rules may have picked the name's own link (a name repeated on every post) or an
    # element holding it (phpBB's <dt> around avatar and name): the name stays all the same
    ids = {n.mem_id for n in names}
    holding: dict[int, LexborNode] = {}  # each name and its ancestors -> the first name held
    for name in names:
        current: LexborNode | None = name
        while current is not None:
            holding.setdefault(current.mem_id, name)
            current = current.parent
    kept: list[LexborNode] = []
    for node in out:
        if has_ancestor_in(node, ids):
            continue
        inner = holding.get(node.mem_id)
        kept += [node] if inner is None else _rest(node, inner)
    return kept


def _profile_name(node: LexborNode) -> LexborNode | None:
    """The one poster's name link (class word ``username``) in a profile panel ``node``
    (class word ``postprofile``: phpBB's ``dl.postprofile``)."""
    if not _class_word(node, _PROFILE_WORDS):
        return None
    names = [n for n in node.css("a") if _class_word(n, _USERNAME_WORDS)]
    if len(names) != 1 or len(names[0].text(deep=True, strip=True)) > _PANEL_NAME_MAX_CHARS:
        return None
    return names[0]


def _post_date(node: LexborNode) -> LexborNode | None:
    """The post's date link in ``node``, a short header inside a post (an element carrying a
    post's id): the link's whole text is the date. The link-list rule takes such headers
    (a subject link and a date link), yet the date is the post's own."""
    if text_len(node) > _POST_HEADER_MAX_CHARS:
        return None
    dates = [a for a in node.css("a") if _POST_DATE.match(a.text(deep=True, strip=True))]
    if len(dates) != 1:
        return None
    current = node.parent
    while current is not None and current.tag != "-document":
        if current.tag != "article" and is_post_id(current.attrs.get("id") or ""):
            return dates[0]
        current = current.parent
    return None


def _rest(holder: LexborNode, name: LexborNode) -> list[LexborNode]:
    """Everything in ``holder`` but ``name`` and the elements holding it."""
    out: list[LexborNode] = []
    current = name
    while current.parent is not None and current.mem_id != holder.mem_id:
        out += [c for c in current.parent.iter() if c.mem_id != current.mem_id]
        current = current.parent
    return out


def _panel_name(node: LexborNode) -> LexborNode | None:
    """The heading naming the poster, a child of the side panel ``node``."""
    if node.tag != "aside":
        return None
    for child in node.iter():
        if (
            child.tag in _PANEL_NAME_TAGS
            and _class_word(child, _AUTHOR_WORDS)
            and len(child.text(deep=True, strip=True)) <= _PANEL_NAME_MAX_CHARS
        ):
            return child
    return None


def _byline(node: LexborNode) -> bool:
    for token in (node.attrs.get("class") or "").split():
        if "author" not in token.lower():
            continue  # (a token's words are parts of it)
        words = set(token_words(token))
        if "author" in words and words <= _BYLINE_WORDS:
            return text_len(node) <= _BYLINE_MAX_CHARS
    return False


def _words(text: str) -> str:
    """``text`` as its lowercase words, one space apart and around (for whole-word search)."""
    return f" {word_line(text)} "


def _quote_copies(scope: LexborNode) -> list[LexborNode]:
    """Quotes of the thread repeating a post shown on the page: the longest line of the
    quote occurs in the block's text more often than in its quotes."""
    quotes = topmost(scope.css("blockquote"))
    if not quotes:
        return []
    page = _words(scope.text(deep=True, separator=" "))
    quoted = "|".join(_words(q.text(deep=True, separator=" ")) for q in quotes)
    out: list[LexborNode] = []
    for quote in quotes:
        lines = (n.text(deep=False) for n in quote.traverse(include_text=True) if n.tag == "-text")
        key = _words(max(lines, key=len, default=""))
        if len(key) >= _QUOTE_KEY_CHARS and page.count(key) > quoted.count(key):
            out.append(quote)
    return out


def _class_word(node: LexborNode, words: frozenset[str]) -> bool:
    """Whether a class token of ``node`` holds one of ``words`` (``[class*=..]`` matched
    a substring: ``noticeboard`` is not a notice)."""
    classes = node.attrs.get("class") or ""
    lowered = classes.lower()
    if not any(word in lowered for word in words):
        return False  # (a token's words are parts of it: most classes hold none)
    return any(words.intersection(token_words(c)) for c in classes.split())


def _notice_box(node: LexborNode, total: int) -> bool:
    return _class_word(node, _NOTICE_WORDS) and text_len(node) <= _SMALL_SHARE * total


def _badge(node: LexborNode) -> bool:
    return (
        _class_word(node, _BADGE_WORDS)
        and len(node.text(deep=True, strip=True)) <= _BADGE_MAX_CHARS
    )


def _reaction_bar(node: LexborNode) -> bool:
    return (
        _class_word(node, _REACTION_WORDS)
        and len(node.text(deep=True, strip=True)) <= _REACTION_MAX_CHARS
    )


def _tag_list(node: LexborNode) -> bool:
    for token in (node.attrs.get("class") or "").split():
        words = set(token_words(token))
        if "tags" in words or "taglist" in words or {"tag", "list"} <= words:
            return len(node.text(deep=True, strip=True)) <= _TAG_LIST_MAX_CHARS
    return False
