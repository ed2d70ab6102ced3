"""A post's own author and date elements: the byline pieces not named ``byline``.

Blog and news templates print the writer's name and the publishing date in small elements
named for what they hold rather than ``byline``: ``author-name``, ``post-author``,
``elementor-post-info__item--type-date``, ``wp-block-post-date``, ``publishedDate``. Like the
byline (``boilerplate.byline_removals``) they are the page's metadata, which the metadata
stage carries, not its text.

Rule: a short element (at most ``_MAX_CHARS``, no ``h1``/``h2``) with a class/id token naming
an author (the word ``author``) or a post's date (``date``/``time`` with a word saying whose:
post, entry, article, story, blog, meta, published...; or ``published``/``posted`` alone), or
a post's meta line (``meta`` with post, entry, article, story, blog or node: ``node__meta``,
``stories-post_meta-wrapper``; ``boilerplate``'s byline rule takes only the bare ones).
The author is also named by glued words (``authorbox``, ``authorbio``) and by pairs of words
(``written-by``, ``bio-box``, a camel-case ``byLine``). On article pages (``article_noise``'s
head mark) an element named for the author may be an author box (``the-author``,
``AuthorsSection``: photo, name, a paragraph of bio) up to ``_BOX_CHARS`` and 30% of the
block.
Not when the same class value names three or more such elements in the block: that is the
metadata of the items of a list (teasers, reviews, a thread's posts), which some pages keep;
not tokens that say the name belongs to a quote, a review, a comment or an event; and not on
thread pages, whose posts' author lines are their content.
"""

from __future__ import annotations

from collections import Counter

from selectolax.lexbor import LexborNode

from webdata.content.article_noise import is_article_page
from webdata.content.dom import named_hits, text_len, text_memo, token_words
from webdata.content.forum_noise import is_thread_page

# (the elements the rule can accept, found by ``named_hits``: most elements are not, and are
# spared a call each): a class or id holding one of these parts
_PARTS = ("author", "date", "publish", "posted", "written", "bio", "byline", "meta")
_MAX_CHARS = 150  # a name and a date; an author box with a bio is longer
_AUTHOR_WORDS = frozenset({"author", "authors", "authorbox", "authorbio", "authorinfo"})
# ... and words that name the author's box together ("written-by", "bio-box", "byLine")
_AUTHOR_PAIRS = (
    frozenset({"written", "by"}), frozenset({"bio", "box"}), frozenset({"bio", "boxes"}),
    frozenset({"by", "line"}),
)  # fmt: skip
_BOX_CHARS = 1500  # an author box below an article: name, title, a bio of a paragraph or two
_SMALL_SHARE = 0.3
_DATE_WORDS = frozenset({"date", "time"})
# words saying the date is the post's (a bare "date" may be an event's or a deadline's)
_DATE_OWNERS = frozenset(
    {"post", "entry", "article", "story", "blog", "published", "publish", "posted", "pub", "meta"}
)
_PUBLISHED_WORDS = frozenset({"published", "posted", "pubdate"})
# a post's meta line: "meta" with a word saying it is the post's ("node__meta", "blog-item-meta")
_META_OWNERS = frozenset({"post", "posts", "entry", "article", "story", "stories", "blog", "node"})
# the name or date belongs to something quoted on the page, not to the page
_OTHER_OWNERS = frozenset(
    {
        "quote", "review", "reviews", "comment", "comments", "testimonial", "testimonials",
        "reply", "rating", "event", "events",
    }
)  # fmt: skip
_REPEATED = 3  # this many elements of one class value: a list's items, not the post's byline


def _author_words(words: set[str]) -> bool:
    return bool(words & _AUTHOR_WORDS) or any(pair <= words for pair in _AUTHOR_PAIRS)


def _author_token(token: str) -> bool:
    words = set(token_words(token))
    return _author_words(words) and not words & _OTHER_OWNERS


def _meta_token(token: str) -> bool:
    words = set(token_words(token))
    if words & _OTHER_OWNERS:
        return False
    if _author_words(words) or words & _PUBLISHED_WORDS:
        return True
    if "meta" in words and words & _META_OWNERS:
        return True
    return bool(words & _DATE_WORDS) and bool(words & _DATE_OWNERS)


@text_memo  # (pages repeat their class values)
def _meta_value(value: str) -> bool:
    """Whether a token of a class and id ``value`` names a post's author or date."""
    return any(_meta_token(token) for token in value.split())


def post_meta_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """The post's author and date elements under ``scope`` (text length ``total``): see the
    module."""
    if is_thread_page(scope):
        return []
    box_limit = min(_BOX_CHARS, _SMALL_SHARE * total) if is_article_page(scope) else 0
    found: list[tuple[LexborNode, str]] = []
    counts: Counter[str] = Counter()  # (empty ones too: a list's cards, one of them dated)
    for node in named_hits(scope, _PARTS, _PARTS):
        attrs = node.attributes
        value = f"{attrs.get('class') or ''} {attrs.get('id') or ''}"
        if node.mem_id == scope.mem_id or not _meta_value(value):
            continue
        counts[attrs.get("class") or ""] += 1
        size = text_len(node)
        limit: float = _MAX_CHARS
        if size > limit and box_limit and any(_author_token(t) for t in value.split()):
            limit = box_limit  # an author box: name, photo and bio
        if size and size <= limit and node.css_first("h1, h2") is None:
            found.append((node, attrs.get("class") or ""))
    return [node for node, value in found if not value or counts[value] < _REPEATED]
