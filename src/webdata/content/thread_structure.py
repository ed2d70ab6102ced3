"""Thread pages recognised by their structure, not by an engine's markup or metadata.

``forum_noise.mark_thread_page`` knows a thread by its signals: JSON-LD or microdata
(``DiscussionForumPosting``, ``QAPage``), forum software's post ids (``p123``,
``post-123``). A page without them (the head stripped, ids renamed, an engine of its own) is
still a thread when its body is made of posts: sibling blocks of one shape (tag and classes),
each holding a link to its poster's profile (``/members/jane.12/``, ``/u/jane``,
``memberlist.php?mode=viewprofile&u=3``, ``/users/12/jane``) and a date (a ``<time>``, or
a short text with a date: "Mar 28, 2014", "2025-11-01 15:14", "30th March 2025", "3 days
ago", "Tuesday at 12:03 PM"). Where no post links its poster (an engine printing the name in
bold), a poster's panel stands for the link: a small block of labelled fields
("Registered: 2016-07-02", "Posts: 710", "Joined:", "Beiträge:") whose first text, the name,
is not one of them; the posts are then alike by their tag and first class only (``post odd
first``, ``post even``). :func:`mark_thread_structure` marks such a page a thread (the mark
the thread rules read) when:

* at least three sibling blocks of one shape each hold a poster's link and a date (or two
  holding a quarter of the page's text: a question and its one answer), and they are at
  least half of their parent's children of that shape (a post list, not one post's
  parts: a post's header and its side panel are two blocks, not three);
* at least two different posters wrote them (one author's list of posts is a blog);
* they are not teasers (most headed by a link to another page: an index of stories by
  several writers, with dates);
* they are not links mostly (a list of topics: title, starter and last poster are all
  links) and hold a share of the page's text (a product's three reviews under a long
  description, a carousel of testimonials are not a thread);
* the page is not a product page (reviews by customers have names and dates too).

On such a page the thread rules apply but the removal of quotes copying a post of the page
(``forum_noise``): the benchmark's truths keep those copies on some threads and drop them on
others, and on the pages this mark newly finds it lost more than it gained. Unless the posts
link their own anchors, two of them at least, each its own (``#p123``,
``./viewtopic.php?p=123#p123``: phpBB, FluxBB, vBulletin, SMF date or number each post by a
link to it): those are forum software's post ids, read from the links when the elements'
ids say nothing (renamed), and the page is marked as one known by them (``ENGINE_MARK``),
all the thread rules applying. A link to another site (``https://...``) is a post elsewhere,
cited in a post, and does not count.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from selectolax.lexbor import LexborNode

from webdata.content.commerce_noise import is_product_page
from webdata.content.dom import (
    deep_text,
    document_html,
    keyword_hits,
    link_text_len,
    text_len,
    topmost,
)
from webdata.content.forum_noise import (
    ENGINE_MARK,
    STRUCTURE_MARK,
    THREAD_MARK,
    is_post_id,
    is_thread_page,
)

# A link to a member's profile: a path segment or query key naming members, users, profiles.
_PROFILE_HREF = re.compile(
    r"(?:^|[/?&=.;_-])(?:users?|members?|profiles?|memberlist|viewprofile)(?:[/?&=.;_-]|$)"
    r"|(?:^|/)u/",
    re.IGNORECASE,
)
# The links that may be a profile's (a superset of those ``_PROFILE_HREF`` accepts: each of
# its words in the address), found by lexbor instead of reading every link's address.
# (One ``:is``: a list of selectors walks the tree once for each, and repeats a link matched
# twice.)
PROFILE_LINKS = "a:is({})".format(
    ", ".join(f'[href*="{word}" i]' for word in ("user", "member", "profile", "u/"))
)
_NAME_MAX_CHARS = 40
# A date in a short text (a post's header): a month's name and a day, a day and a month's
# name, an ISO or numeric date (a four-digit year unless slashed: "3.8.11" is a version), an
# age ("3 days ago", "yesterday"), a weekday and a time ("Tuesday at 12:03 PM").
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
DATE = re.compile(
    rf"\b{_MONTH}\s\d{{1,2}}\b|\b\d{{1,2}}(?:st|nd|rd|th)?\s{_MONTH}(?:[\s,]|$)"
    r"|\b\d{4}-\d\d-\d\d\b|\b\d{1,2}/\d{1,2}/\d{2,4}\b|\b\d{1,2}[.-]\d{1,2}[.-]\d{4}\b"
    r"|\b\d+\s(?:second|minute|hour|day|week|month|year)s?\sago\b|\b(?:yesterday|today)\b"
    r"|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\s(?:at\s)?\d{1,2}:\d\d\b",
    re.IGNORECASE,
)
DATE_MAX_CHARS = 120
# What every date above holds (a digit, or "day": "yesterday", "today"): a text without it
# has no date, and this search is cheaper than DATE's.
DATE_HINT = re.compile(r"\d|day", re.IGNORECASE)
_LEVELS = 12  # from a poster's link or a date up to its post
_MIN_POSTS = 3
_MIN_POSTERS = 2
_SHAPE_SHARE = 0.5  # of the parent's children of the posts' shape
_MAX_LINK_SHARE = 0.5
_MIN_TEXT_SHARE = 0.05  # of the page's text
_PAIR_POSTS = 2  # a thread of two posts ...
_PAIR_TEXT_SHARE = 0.25  # ... when they hold this much of the page's text
_HEADINGS = "h1, h2, h3, h4, h5, h6"
_TEASER_LINK_SHARE = 0.8  # a heading this much a link is a teaser's title
# The labels of a poster's panel beside each post ("Registered: 2016-07-02", "Posts: 710"),
# in a few languages: where no link names the poster, the panel's first text does.
_FIELD_LABELS = (
    "registered:",
    "joined:",
    "posts:",
    "member since",
    "messages:",
    "beiträge:",
    "registriert:",
    "inscrit le",
    "mensajes:",
)
_FIELD_MAX_CHARS = 60
_PANEL_MAX_CHARS = 200
_PANEL_LEVELS = 4
_PERMALINKED_POSTS = 2


def profile_path(link: LexborNode) -> str | None:
    """The address of the member's profile ``link`` points to (path and query), or None."""
    href = link.attrs.get("href") or ""
    path = href.split("//", 1)[1].partition("/")[2] if "//" in href else href
    path = path.partition("#")[0].lstrip("/")  # ("/u/x" and "https://host/u/x" alike)
    return path if _PROFILE_HREF.search(path) else None


def _poster(link: LexborNode) -> str | None:
    """The profile address of a poster's name link (a short text, no image), or None."""
    path = profile_path(link)
    if path is None or link.css_first("img") is not None:
        return None
    text = link.text(deep=True, strip=True)
    if not text or len(text) > _NAME_MAX_CHARS or text.startswith("@"):
        return None
    return path


def _panel_posters(root: LexborNode) -> list[tuple[LexborNode, str]]:
    """``(panel, name)`` for each poster's panel of labelled fields under ``root`` whose
    first text (the poster's name, ``<dt><strong>jane</strong></dt>``) is not a field."""
    out: dict[int, tuple[LexborNode, str]] = {}
    for field in keyword_hits(root, _FIELD_LABELS):
        text = deep_text(field).strip().lower()
        if len(text) > _FIELD_MAX_CHARS or not text.startswith(_FIELD_LABELS):
            continue
        current = field.parent
        for _ in range(_PANEL_LEVELS):
            if current is None or text_len(current) > _PANEL_MAX_CHARS:
                break
            first = next(
                (
                    t
                    for n in current.traverse(include_text=True)
                    if n.tag == "-text"
                    if (t := (n.text_content or "").strip())
                ),
                "",
            )
            if first and not first.lower().startswith(_FIELD_LABELS):
                if len(first) <= _NAME_MAX_CHARS and current.mem_id not in out:
                    out[current.mem_id] = (current, "name:" + first)
                break
            current = current.parent
    return list(out.values())


def is_poster_link(link: LexborNode) -> bool:
    """Whether ``link`` is a poster's name linking to their profile."""
    return _poster(link) is not None


def _ancestors(node: LexborNode) -> Iterator[LexborNode]:
    current = node.parent
    for _ in range(_LEVELS):
        if current is None or current.tag in ("body", "html"):
            return
        yield current
        current = current.parent


def _shape(node: LexborNode) -> tuple[str, str]:
    return node.tag or "", node.attrs.get("class") or ""


def _kind(node: LexborNode) -> tuple[str, str]:
    """A looser shape: the tag and first class (``post odd first``, ``post even``)."""
    return node.tag or "", (node.attrs.get("class") or "").partition(" ")[0]


def _teaser(block: LexborNode) -> bool:
    """Whether ``block`` is headed by a link to another page (a teaser's title; a post's
    subject links to the post itself, ``#p123``, its poster's name to their profile)."""
    heading = block.css_first(_HEADINGS)
    if heading is None or (link := heading.css_first("a[href]")) is None:
        return False
    if "#" in (link.attrs.get("href") or "") or _poster(link) is not None:
        return False  # (a post headed by its poster's name)
    return text_len(link) >= _TEASER_LINK_SHARE * text_len(heading) > 0


def _viable(
    root: LexborNode,
    anchors: list[tuple[LexborNode, str]],
    min_posts: int,
    shape: Callable[[LexborNode], tuple[str, str]],
) -> tuple[dict[int, str], dict[tuple[int, str, str], list[LexborNode]]]:
    """The posters of the blocks around ``anchors`` (a poster's link or panel, with the
    poster), and those blocks grouped by parent and shape, enough of them by several."""
    posters: dict[int, str] = {}  # block -> the first poster's address in it
    blocks: dict[int, LexborNode] = {}
    for anchor, poster in anchors:
        for node in _ancestors(anchor):
            if node.mem_id not in posters:  # (the first poster's)
                posters[node.mem_id] = poster
                blocks[node.mem_id] = node
    candidates: dict[tuple[int, str, str], list[LexborNode]] = {}
    for key, node in blocks.items():
        parent = node.parent
        if parent is not None and key != root.mem_id:
            candidates.setdefault((parent.mem_id, *shape(node)), []).append(node)
    viable = {
        key: nodes
        for key, nodes in candidates.items()
        if len(nodes) >= min_posts and len({posters[n.mem_id] for n in nodes}) >= _MIN_POSTERS
    }
    return posters, viable


def post_groups(
    root: LexborNode, min_posts: int = _MIN_POSTS
) -> list[tuple[list[LexborNode], list[str]]]:
    """The lists of at least ``min_posts`` sibling posts under ``root``, each with its posts'
    posters (profile addresses): blocks of one shape, each with a poster's link and a date,
    by several posters, not teasers nor links mostly (see the module's docstring)."""
    links = [(link, p) for link in root.css(PROFILE_LINKS) if (p := _poster(link)) is not None]
    shape = _shape
    posters, viable = _viable(root, links, min_posts, shape)
    if not viable:  # (a panel's name in place of a link: panels read only then, and the
        # posts' first class their shape: an engine's posts with no link differ in the rest)
        shape = _kind
        posters, viable = _viable(root, _panel_posters(root), min_posts, shape)
    if not viable:
        return []  # (most pages: the dates are not read)
    # the dates in those blocks only (a date elsewhere dates none of them), each outermost
    # block read until it and the blocks inside it are dated (a post's date in its header:
    # its body is not read)
    nodes = [n for nodes in viable.values() for n in nodes]
    tops = topmost(nodes)
    undated: dict[int, set[int]] = {top.mem_id: set() for top in tops}
    for node in nodes:
        current: LexborNode | None = node
        while current is not None and current.mem_id not in undated:
            current = current.parent
        assert current is not None
        undated[current.mem_id].add(node.mem_id)
    dated: set[int] = set()
    for top in tops:
        left = undated[top.mem_id]
        for node in top.traverse(include_text=True):
            if node.tag == "time":
                found = node
            elif node.tag == "-text":
                text = node.text_content or ""
                if len(text) > DATE_MAX_CHARS or not DATE_HINT.search(text):
                    continue
                if not DATE.search(text):
                    continue
                found = node
            else:
                continue
            ancestors = {ancestor.mem_id for ancestor in _ancestors(found)}
            dated |= ancestors
            left -= ancestors
            if not left:
                break
    groups = {
        key: dated_nodes
        for key, nodes in viable.items()
        if (dated_nodes := [n for n in nodes if n.mem_id in dated])
    }
    out: list[tuple[list[LexborNode], list[str]]] = []
    for posts in groups.values():
        names = [posters[p.mem_id] for p in posts]
        if len(posts) < min_posts or len(set(names)) < _MIN_POSTERS:
            continue
        parent = posts[0].parent
        assert parent is not None
        first = shape(posts[0])
        alike = sum(
            1 for c in parent.iter() if not (c.tag or "-").startswith("-") and shape(c) == first
        )
        if len(posts) < _SHAPE_SHARE * alike:
            continue
        if 2 * sum(1 for p in posts if _teaser(p)) >= len(posts):
            continue
        size = sum(text_len(p) for p in posts)
        if sum(link_text_len(p) for p in posts) >= _MAX_LINK_SHARE * size:
            continue
        out.append((posts, names))
    return out


def _threads(body: LexborNode) -> list[list[LexborNode]]:
    """The lists of posts ``body`` is made of (see :func:`thread_structure`)."""
    page = text_len(body)
    return [
        posts
        for posts, _ in post_groups(body, _PAIR_POSTS)
        if sum(text_len(p) for p in posts) >= _share(len(posts)) * page
    ]


def thread_structure(body: LexborNode) -> bool:
    """Whether ``body`` is made of posts: sibling blocks of one shape each with a poster's
    link and a date, by several posters, holding a share of its text (two posts: a larger
    share)."""
    return bool(_threads(body))


def _permalinked(posts: list[LexborNode]) -> bool:
    """Whether at least two of ``posts`` link a post of this page by its anchor, each its
    own: ``#p123``, ``./viewtopic.php?p=123#p123`` (an address on another site is a
    post elsewhere, quoted or cited)."""
    anchors: set[str] = set()
    for post in posts:
        for link in post.css('a[href*="#"]'):
            href = link.attrs.get("href") or ""
            if "//" in href:
                continue
            fragment = href.rpartition("#")[2]
            if is_post_id(fragment):
                anchors.add(fragment)
                break
    return len(anchors) >= _PERMALINKED_POSTS


def _share(posts: int) -> float:
    return _MIN_TEXT_SHARE if posts >= _MIN_POSTS else _PAIR_TEXT_SHARE


def mark_thread_structure(body: LexborNode) -> None:
    """Mark the document of ``body`` a thread page when its structure says so (unless it is
    marked already, or is a product page)."""
    if is_thread_page(body) or is_product_page(body):
        return
    threads = _threads(body)
    if threads and (html := document_html(body)) is not None:
        engine = any(_permalinked(posts) for posts in threads)
        html.attrs[THREAD_MARK] = ENGINE_MARK if engine else STRUCTURE_MARK
