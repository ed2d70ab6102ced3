"""Posters' fields beside each post of a thread, found by their constancy, not by names.

Beside each post, forum software prints fields of the poster's profile: a title ("Full
Member"), a banner ("7+ Year Member"), a rank, the join date's label, an avatar's letter.
Whatever the engine calls them, each is an element of one shape (tag and classes) in the
posts, whose text is the same on every post of one poster: a post's own words differ from
one post to the next even when one person wrote them. So in a list of posts
(``thread_structure.post_groups``), the short texts of a shape found in at least three posts
go when every poster with two posts or more shows the same texts of that shape on each (and
one poster at least does), and no post has a long text of that shape (a post's body is short
in a short post: "MCA" three times by one poster); the poster's name (the text of their
profile link), dates and quotes stay. Longer texts (up to 500 characters) go the same way
when they hold at most half of the posts' text: a signature (a poster's gear, links, motto)
under each of their posts, where it is not the post's last block (``forum_signatures`` finds
those); a post's body said twice ("I change it every spring...") is most of its posts' text
and stays.

On any thread page, a link to a poster's profile whose text is one or two characters (an
avatar's letter, "B") goes when the page also links that profile by a longer name.
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.dom import deep_text, text_len, topmost
from webdata.content.forum_noise import is_thread_page
from webdata.content.thread_structure import (
    DATE,
    DATE_HINT,
    PROFILE_LINKS,
    is_poster_link,
    post_groups,
    profile_path,
)

_FIELD_MAX_CHARS = 60
# A signature: longer, but the same under each post of its poster and a small part of them.
SIGNATURE_MAX_CHARS = 500
_SIGNATURE_SHARE = 0.5  # of the posts' text, at most
_LONG_CHARS = max(SIGNATURE_MAX_CHARS, _FIELD_MAX_CHARS)  # never a field
_LETTER_MAX_CHARS = 2
_MIN_POSTS = 3
_OWN = frozenset({"blockquote", "pre", "code", "table"})


def _shape(node: LexborNode) -> tuple[str, str]:
    return node.tag or "", node.attrs.get("class") or ""


def _quoted(node: LexborNode, post: LexborNode) -> bool:
    """Whether ``node`` lies in a quote, code or a table of ``post``."""
    current = node.parent
    while current is not None and current.mem_id != post.mem_id:
        if current.tag in _OWN:
            return True
        current = current.parent
    return False


def _fields(
    post: LexborNode, long: set[tuple[str, str]]
) -> list[tuple[tuple[str, str], LexborNode]]:
    """The short texts of ``post`` with their shapes, in document order, names (profile
    links' texts of at least two characters) left out; the shapes of its long texts are
    added to ``long`` (a post's body: short in a short post, never a field). Dates and
    quoted text are left out later (:func:`_kept`), for the shapes that may be fields."""
    names = {
        text
        for link in post.css(PROFILE_LINKS)
        if is_poster_link(link) and len(text := deep_text(link)) >= 2
    }
    out: list[tuple[tuple[str, str], LexborNode]] = []
    for node in post.css("*"):
        text = deep_text(node)
        if len(text) > _LONG_CHARS:
            long.add(_shape(node))
            continue
        if not text or text in names or (names and any(n in text for n in names)):
            continue
        out.append((_shape(node), node))
    return out


def _kept(
    post: LexborNode,
    found: list[tuple[tuple[str, str], LexborNode]],
    shapes: set[tuple[str, str]],
    dates: dict[str, bool],
) -> dict[tuple[str, str], list[LexborNode]]:
    """The ``found`` texts of ``post`` (:func:`_fields`) of the ``shapes`` by shape, dates and
    quoted text left out (``dates``: whether a text holds a date, remembered)."""
    out: dict[tuple[str, str], list[LexborNode]] = {}
    for shape, node in found:
        if shape not in shapes:
            continue
        text = deep_text(node)
        date = dates.get(text)
        if date is None:
            date = dates[text] = DATE_HINT.search(text) is not None and (
                DATE.search(text) is not None
            )
        if date or _quoted(node, post):
            continue
        out.setdefault(shape, []).append(node)
    return out


def _avatar_letters(scope: LexborNode) -> list[LexborNode]:
    """In links to a poster's profile, the elements whose text is one or two letters (an
    avatar's letter, beside its picture or instead of it) when the page also links that
    profile by a longer name."""
    links = [(a, path, deep_text(a)) for a in scope.css(PROFILE_LINKS) if (path := profile_path(a))]
    named = {path for _, path, text in links if len(text) > _LETTER_MAX_CHARS}
    out: list[LexborNode] = []
    for link, path, _ in links:
        if path in named:
            out += [n for n in link.css("*") if _letter(deep_text(n))]
            if _letter(deep_text(link)):
                out.append(link)
    return out


def _letter(text: str) -> bool:
    return 0 < len(text) <= _LETTER_MAX_CHARS and text.isalpha()


def poster_field_removals(scope: LexborNode) -> list[LexborNode]:
    """Fields shown the same on every post of a poster, in the posts of a thread page under
    ``scope``."""
    if not is_thread_page(scope):
        return []
    out = _avatar_letters(scope)
    for posts, posters in post_groups(scope):
        long: set[tuple[str, str]] = set()
        short = [_fields(post, long) for post in posts]
        # the shapes in at least three posts, before dates and quotes are left out (only
        # fewer after), and never long
        in_posts: dict[tuple[str, str], int] = {}
        for pairs in short:
            for shape in {shape for shape, _ in pairs}:
                in_posts[shape] = in_posts.get(shape, 0) + 1
        candidates = {s for s, n in in_posts.items() if n >= _MIN_POSTS and s not in long}
        if not candidates:
            continue
        dates: dict[str, bool] = {}
        fields = [
            _kept(post, pairs, candidates, dates) for post, pairs in zip(posts, short, strict=True)
        ]
        shapes: dict[tuple[str, str], list[int]] = {}
        for i, found in enumerate(fields):
            for shape in found:
                shapes.setdefault(shape, []).append(i)
        for shape, where in shapes.items():
            if len(where) < _MIN_POSTS or shape in long:
                continue
            texts: dict[str, set[tuple[str, ...]]] = {}
            count: dict[str, int] = {}
            for i in where:
                texts.setdefault(posters[i], set()).add(
                    tuple(deep_text(n) for n in fields[i][shape])
                )
                count[posters[i]] = count.get(posters[i], 0) + 1
            repeated = [seen for poster, seen in texts.items() if count[poster] >= 2]
            if not repeated or any(len(seen) != 1 for seen in repeated):
                continue
            nodes = [n for i in where for n in fields[i][shape]]
            if any(len(deep_text(n)) > _FIELD_MAX_CHARS for n in nodes) and sum(
                len(deep_text(n)) for n in nodes
            ) > _SIGNATURE_SHARE * sum(text_len(posts[i]) for i in where):
                continue  # (a post's body, the same twice: "Thanks!")
            out += nodes
    return topmost(out)
