"""The copies a looping marquee or carousel makes of its own items.

Landing pages scroll a row of logos, figures ("30 million app downloads") or quotes without
end by writing the row two or three times in a row: the markdown would show it as often. When
the children of an element repeat their first run of siblings one or more times over (same
text, same pictures' alts, in the same order), the repeats go; the first run stays. Rows of
tables are left alone (a row of identical check marks is data).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from selectolax.lexbor import LexborNode

from webdata.content.dom import text_len

_MIN_CHILDREN = 3  # a row and two copies of it
_MIN_KEY_CHARS = 3  # a run whose items say less (stars, bullets) is a picture, not a copy
_WORD = re.compile(r"\w")


def _key(node: LexborNode) -> tuple[str, str]:
    """The item's text with its pictures' alts, and its pictures' addresses: copies share
    both (a gallery's photos may share an alt, not an address)."""
    images = node.css("img")
    alts = " ".join(img.attributes.get("alt") or "" for img in images)
    said = f"{node.text(deep=True, separator=' ', strip=True)} {alts}"
    return said, " ".join(_address(img) for img in images)


def _address(img: LexborNode) -> str:
    src = img.attributes.get("src") or img.attributes.get("data-src") or ""
    return src.split("?", 1)[0]


def _own_text(node: LexborNode) -> bool:
    """Whether ``node`` holds text directly (its children are words of a sentence)."""
    return any(
        c.tag == "-text" and (c.text_content or "").strip() for c in node.iter(include_text=True)
    )


def _periods(values: Sequence[object]) -> Iterator[int]:
    """The lengths of the first runs of ``values`` that the rest repeats."""
    count = len(values)
    for size in range(1, count // 2 + 1):
        if not count % size and all(values[i] == values[i % size] for i in range(size, count)):
            yield size


def _copies(children: list[LexborNode]) -> int | None:
    """The length of the first run of ``children`` that the rest repeats, if any."""
    # tags, then tags and text lengths first (memoized, cheap): most lists are not periodic
    # even in them (a run repeated in full is repeated in its tags: the lengths are measured
    # only for lists whose tags repeat)
    if next(_periods([c.tag for c in children]), None) is None:
        return None
    if next(_periods([(c.tag, text_len(c)) for c in children]), None) is None:
        return None
    keys = [_key(c) for c in children]
    size = next(_periods(keys), None)
    if size is None:
        return None
    run = "".join(said for said, _ in keys[:size])
    return size if len(_WORD.findall(run)) >= _MIN_KEY_CHARS else None


def loop_copy_removals(scope: LexborNode) -> list[LexborNode]:
    """The repeated runs of children under ``scope`` (see the module's docstring)."""
    out: list[LexborNode] = []
    for node in scope.css("div, ul, ol, section"):
        children = [c for c in node.iter() if c.tag != "-text"]
        if len(children) < _MIN_CHILDREN:
            continue
        size = _copies(children)
        if size is not None and not _own_text(node):  # (the rarer test first)
            out += children[size:]
    return out
