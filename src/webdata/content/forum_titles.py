"""Posters' titles on thread pages, found by their repetition across posters, not by names.

Beside each post, forum software prints the poster's title or rank from a small vocabulary
("Member", "Full Member", "Moderator", "Novice"). Whatever the engine calls it, it is a
short text in an element of one shape (tag and class) shown beside the posts of different
posters (each post known by the link to its poster's profile). A poster's name is shown
only beside that poster's posts, a post's date has digits, and a post's own words are not
in elements of one shape beside several posters' posts; so on a thread page, short
digitless texts in classed elements, outside links, quotes, tables and code, that elements
of their shape show beside the posts of at least two posters, go.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import deep_text, near_ancestor_tagged
from webdata.content.forum_noise import is_thread_page
from webdata.content.nesting import MAX_DEPTH

_TITLE_MAX_CHARS = 30
_MIN_POSTERS = 2
_TAGS = (
    "span[class], div[class], strong[class], b[class], small[class], em[class], dd[class], "
    "h4[class], h5[class], h6[class], li[class]"
)
_OWN = frozenset({"blockquote", "table", "pre", "code", "a"})
_POST_LEVELS = 12  # from a title up to the post holding its poster's link
# A link to a member's profile: a path segment or query key naming members, users, profiles.
_PROFILE_HREF = re.compile(
    r"(?:^|[/?&=.;_-])(?:users?|members?|profiles?|memberlist|viewprofile)(?:[/?&=.;_-]|$)"
    r"|(?:^|/)u/",
    re.IGNORECASE,
)
_PROFILE_LINKS = ", ".join(f'a[href*="{word}" i]' for word in ("user", "member", "profile", "/u/"))
_NAME_MAX_CHARS = 40


def _poster(link: LexborNode) -> str | None:
    """The profile address of a poster's name link, or None."""
    if link.css_first("img") is not None:
        return None
    text = deep_text(link)
    if not text or len(text) > _NAME_MAX_CHARS or text.startswith("@"):
        return None
    href = link.attrs.get("href") or ""
    path = href.split("//", 1)[1].partition("/")[2] if "//" in href else href
    path = path.partition("#")[0]  # (the query stays: ``memberlist.php?...&u=12``)
    return path if _PROFILE_HREF.search(path) else None


def _post_poster(node: LexborNode, scope: LexborNode, memo: dict[int, set[str]]) -> str | None:
    """The poster of the nearest ancestor of ``node`` holding exactly one poster (``memo``:
    the posters under each ancestor already read)."""
    current = node.parent
    for _ in range(_POST_LEVELS):
        if current is None or current.mem_id == scope.mem_id:
            return None
        posters = memo.get(current.mem_id)
        if posters is None:
            posters = memo[current.mem_id] = {
                p for a in current.css(_PROFILE_LINKS) if (p := _poster(a)) is not None
            }
        if len(posters) == 1:
            return next(iter(posters))
        if len(posters) > 1:
            return None
        current = current.parent
    return None


def title_removals(scope: LexborNode) -> list[LexborNode]:
    """Short labels shown beside several posters' posts on a thread page under ``scope``."""
    if not is_thread_page(scope):
        return []
    shapes: dict[tuple[str, str], list[tuple[LexborNode, str]]] = {}
    for node in scope.css(_TAGS):
        text = deep_text(node)
        if (
            not text
            or len(text) > _TITLE_MAX_CHARS
            or any(c.isdigit() for c in text)
            or not any(c.isalpha() for c in text)
        ):
            continue
        shapes.setdefault((node.tag or "", node.attrs.get("class") or ""), []).append((node, text))
    out: list[LexborNode] = []
    memo: dict[int, set[str]] = {}
    for items in shapes.values():
        if len(items) < _MIN_POSTERS:
            continue
        shown: dict[str, set[str]] = {}
        kept = [
            (n, t)
            for n, t in items
            if n.css_first("a") is None and near_ancestor_tagged(n, _OWN, MAX_DEPTH) is None
        ]
        posters = [(n, t, _post_poster(n, scope, memo)) for n, t in kept]
        for _, text, poster in posters:
            if poster is not None:
                shown.setdefault(text, set()).add(poster)
        out += [n for n, t, _ in posters if len(shown.get(t, ())) >= _MIN_POSTERS]
    return out
