"""The author's box after an article, known by the author's name, not by class names.

Below a post, sites show who wrote it: the writer's name (a link to their page, a heading,
bold), often after "Written by", "About", "The author", with a photo and a few lines of
biography. The page's metadata names the author (``<meta name=author>``, JSON-LD
``author``...), so the box is found by that name: an element whose whole text is the name,
optionally after such a lead-in word ("About Alexa" names her by first name), and the widest
wrapper above it that stays short (at most ``_BOX_CHARS``) and begins with the name (the
name within the box's first ``_LEAD_CHARS`` characters), placed after the article's text
(the box in the block's last part: at most ``_TAIL_SHARE`` of the block after it). A
mention of the author inside the story is part of a longer paragraph, and stays. Not on
threads: there the name heads each of the author's posts.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.article_noise import is_article_page, page_authors, text_before
from webdata.content.dom import keyword_hits, text_len
from webdata.content.forum_noise import is_thread_page

_NAME_MAX_CHARS = 90
_BOX_CHARS = 1200
_LEAD_CHARS = 40
_TAIL_SHARE = 0.25
_LEAD = r"(?:(?:written|posted|published|authored|reviewed|edited) by |by |about |meet )?"
_PUNCTUATION = re.compile(r"[^\w\s'.-]+")  # (a lead-in's colon, a bullet, a dash of a role)


def _plain(text: str) -> str:
    """``text`` with its punctuation dropped and its spaces single: what the pattern reads
    (one space between words, so no two parts of the pattern match the same characters)."""
    return " ".join(_PUNCTUATION.sub(" ", text).split()).lower()


def _name_pattern(names: list[str]) -> re.Pattern[str]:
    options = set()
    for name in names:
        plain = _plain(name)
        if not plain:
            continue
        options.add(re.escape(plain))
        first = plain.split()[0]
        if len(first) >= 3 and first != plain:
            options.add("about " + re.escape(first))
    alternatives = "|".join(sorted(options, key=len, reverse=True)) or "(?!)"
    return re.compile(rf"^{_LEAD}(?:{alternatives})$")


def author_box_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """The author's box (name, lead-in, biography) after the article's text in ``scope``
    (text length ``total``), on article pages whose metadata names the author."""
    if not is_article_page(scope) or is_thread_page(scope):
        return []  # (on a thread the author's name heads each of their posts)
    names = page_authors(scope)
    if not names:
        return []
    pattern = _name_pattern(names)
    words = tuple({w for n in names if (w := _first_word(n))})
    out: list[LexborNode] = []
    seen: set[int] = set()
    boxes: set[int] = set()
    offsets: dict[int, dict[int, int]] = {}
    # (the elements holding the name in their own text, and their parents: "Written by" and
    # a link to the author's page; found by lexbor, not by reading every element)
    for hit in keyword_hits(scope, words):
        for node in (hit, hit.parent):
            if node is None or node.mem_id in seen or node.mem_id == scope.mem_id:
                continue
            seen.add(node.mem_id)
            if text_len(node) > _NAME_MAX_CHARS:
                continue
            if pattern.match(_plain(node.text(deep=True, separator=" "))):
                box = _box(node, scope, offsets, total)
                if box is not None and box.mem_id not in boxes:
                    boxes.add(box.mem_id)
                    out.append(box)
    return out


def _first_word(name: str) -> str | None:
    word = _plain(name).split(" ")[0]
    return word if len(word) >= 2 and '"' not in word and "\\" not in word else None


def _box(
    node: LexborNode, scope: LexborNode, offsets: dict[int, dict[int, int]], total: int
) -> LexborNode | None:
    """The widest short wrapper of the name ``node`` when it begins with the name and sits
    after the article's text."""
    box = node
    current = node.parent
    while (
        current is not None and current.mem_id != scope.mem_id and text_len(current) <= _BOX_CHARS
    ):
        box = current
        current = current.parent
    if text_before(node, box) > _LEAD_CHARS or box.css_first("h1") is not None:
        return None
    size = text_len(box)
    before = text_before(box, scope, offsets)
    if before < size or total - before - size > _TAIL_SHARE * total:
        return None
    return box
