"""Small helpers on selectolax (lexbor) nodes shared by the content modules."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TypeVar

from selectolax.lexbor import LexborNode

# An inline style that hides its element.
HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)
# Where a camel-case token's words meet (``siteHeader``): a literal "-" is put there.
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_WORD = re.compile(r"[a-z0-9]+")
# A word of a text as the rules compare texts: a run of letters, digits or "_".
TEXT_WORD = re.compile(r"\w+")


T = TypeVar("T")
MEMO_LIMIT = 65_536


def text_memo(fn: Callable[[str], T]) -> Callable[[str], T]:
    """``fn`` remembering its answer per string: pages repeat their class values, tokens and
    labels, and the rules ask again and again. Emptied when full (a long-running service)."""
    memo: dict[str, T] = {}

    def remembered(key: str) -> T:
        try:
            return memo[key]
        except KeyError:
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            value = memo[key] = fn(key)
            return value

    return remembered


def token_words(token: str) -> list[str]:
    """The lowercase words of one class/id token (``siteHeader``, ``share_buttons-2``)."""
    return list(_split_words(token))  # (a new list: the caller may change it)


def named(node: LexborNode, words: frozenset[str]) -> bool:
    """Whether a word of ``node``'s class or id tokens (``token_words``) is one of ``words``."""
    attrs = node.attributes
    value = f"{attrs.get('class') or ''} {attrs.get('id') or ''}"
    return any(not words.isdisjoint(token_words(token)) for token in value.split())


def split_words(text: str) -> tuple[str, ...]:
    """The lowercase words of a class/id token, or of a whole class/id value (the words of
    each of its tokens), not remembered (``token_words`` remembers them per token)."""
    if text.isascii() and text.isalnum() and text.islower():  # one word (most tokens)
        return (text,)
    if not text.islower():  # (most tokens are lowercase already: no camel case to split)
        text = _CAMEL.sub("-", text).lower()
    return tuple(_WORD.findall(text))


_split_words = text_memo(split_words)


def text_words(text: str) -> list[str]:
    """The lowercase words (``TEXT_WORD``) of a text."""
    return TEXT_WORD.findall(text.lower())


def word_line(text: str) -> str:
    """The lowercase words of a text one space apart: texts compared or searched for a
    phrase whatever their case, punctuation and spacing."""
    return " ".join(TEXT_WORD.findall(text.lower()))


# (deep_text, link_text_len, line_text) memos by ``mem_id`` while ``measuring`` (a context
# variable, so threads and tasks each have their own).
# Texts are read with ``skip_empty``: a text node of ASCII whitespace only strips to "" anyway,
# and skipping it spares its decoding and stripping (about 10% of a deep read).
_MEMO: ContextVar[tuple[dict[int, str], dict[int, int], dict[int, str]] | None] = ContextVar(
    "_MEMO", default=None
)


@contextmanager
def measuring() -> Iterator[None]:
    """Remember ``deep_text`` (so ``text_len``) and ``link_text_len`` of each node measured
    inside, each scope's class, id and link address values (``named_hits``, ``link_hits``)
    and its ``elements``: the rules of onlyMainContent read and measure the same nodes many
    times. The tree must not change inside (a removed node's ``mem_id`` can be reused by a
    new one)."""
    token = _MEMO.set(({}, {}, {}))
    names = _NAMES.set({})
    links = _LINKS.set({})
    lists = _LISTS.set({})
    try:
        yield
    finally:
        _LISTS.reset(lists)
        _LINKS.reset(links)
        _NAMES.reset(names)
        _MEMO.reset(token)


@dataclass(frozen=True, slots=True)
class _Values:
    """One attribute's values of a list of elements, ASCII-lowercased and joined into one text
    (``_SEP`` after each), and where each value starts in it (and, last, the text's length)."""

    text: str
    starts: list[int]

    def holding(self, part: str) -> Iterator[int]:
        """The indexes of the values that hold ``part`` (not empty), in order."""
        text, starts = self.text, self.starts
        at = text.find(part)
        while at >= 0:
            index = bisect_right(starts, at) - 1
            yield index
            at = text.find(part, starts[index + 1])


@dataclass(frozen=True, slots=True)
class _Names:
    """A scope's elements that have a class or an id: ``listed`` as ``scope.css("[class],
    [id]")`` lists them (one with both twice, in a row), with their ``"class id"`` value;
    ``nodes`` once each, with their ``classes`` and ``ids``."""

    listed: list[tuple[LexborNode, str]]
    nodes: list[LexborNode]
    classes: _Values
    ids: _Values


@dataclass(frozen=True, slots=True)
class _Links:
    """A scope's ``a[href]`` elements, in document order, with their ``hrefs``."""

    nodes: list[LexborNode]
    hrefs: _Values


# Between the joined values (the parser turns NUL into U+FFFD: no value holds one).
_SEP = "\0"
# ASCII letters only, as lexbor's ``i`` compares (``str.lower`` also folds "K", the Kelvin sign).
_ASCII_LOWER = {c: c + 32 for c in range(ord("A"), ord("Z") + 1)}
# The scopes' ``_Names`` and ``_Links`` by ``mem_id`` while ``measuring``.
_NAMES: ContextVar[dict[int, _Names] | None] = ContextVar("_NAMES", default=None)
_LINKS: ContextVar[dict[int, _Links] | None] = ContextVar("_LINKS", default=None)


def _values(values: list[str]) -> _Values:
    starts: list[int] = []
    at = 0
    for value in values:
        starts.append(at)
        at += len(value) + 1
    starts.append(at)
    text = _SEP.join(values) + _SEP
    return _Values(text.lower() if text.isascii() else text.translate(_ASCII_LOWER), starts)


def _read_names(scope: LexborNode) -> _Names:
    listed: list[tuple[LexborNode, str]] = []
    nodes: list[LexborNode] = []
    classes: list[str] = []
    ids: list[str] = []
    last = -1
    value = ""
    for node in scope.css("[class], [id]"):
        if node.mem_id != last:  # (a second listing of the same element comes right after)
            last = node.mem_id
            attrs = node.attributes
            nodes.append(node)
            classes.append(attrs.get("class") or "")
            ids.append(attrs.get("id") or "")
            value = f"{classes[-1]} {ids[-1]}"
        listed.append((node, value))
    return _Names(listed, nodes, _values(classes), _values(ids))


def _names(scope: LexborNode) -> _Names:
    """The scope's ``_Names``, read once per scope while ``measuring``."""
    memo = _NAMES.get()
    if memo is None:
        return _read_names(scope)
    names = memo.get(scope.mem_id)
    if names is None:
        names = memo[scope.mem_id] = _read_names(scope)
    return names


def named_values(scope: LexborNode) -> list[tuple[LexborNode, str]]:
    """``(node, f"{class} {id}")`` (a missing attribute read as "") for each element of
    ``scope.css("[class], [id]")``, as lexbor lists them: ``scope`` itself too, in document
    order, one with both attributes twice in a row. Read once per scope while ``measuring``
    (several rules go through every named element)."""
    return _names(scope).listed


def _repeated(nodes: list[LexborNode], counts: Counter[int], once: bool) -> list[LexborNode]:
    """``nodes[i]`` for the indexes counted, in order, each ``counts[i]`` times (or once)."""
    if once:
        return [nodes[i] for i in sorted(counts)]
    return [nodes[i] for i in sorted(counts) for _ in range(counts[i])]


def _contains(attr: str, parts: tuple[str, ...], tag: str = "") -> list[str]:
    return [f'{tag}[{attr}*="{p}" i]' for p in parts]


def named_hits(
    scope: LexborNode,
    class_parts: tuple[str, ...],
    id_parts: tuple[str, ...] = (),
    *,
    once: bool = False,
) -> list[LexborNode]:
    """``scope.css`` of ``[class*="p" i]`` for each ``p`` of ``class_parts`` and ``[id*="p" i]``
    for each of ``id_parts`` (lowercase ASCII parts), joined by commas: the elements under
    ``scope`` and ``scope`` itself, in document order, each listed once per selector it
    matches, as lexbor lists them (``once``: listed once, as ``:is(...)`` lists them). While
    ``measuring``, the scope's class and id values are read once and searched as one text per
    part (each part lexbor tests costs a walk of the scope; the rules test about sixty)."""
    if _NAMES.get() is None:
        joined = ", ".join(_contains("class", class_parts) + _contains("id", id_parts))
        return scope.css(f":is({joined})" if once else joined)
    names = _names(scope)
    counts: Counter[int] = Counter()
    for part in class_parts:
        counts.update(names.classes.holding(part))
    for part in id_parts:
        counts.update(names.ids.holding(part))
    return _repeated(names.nodes, counts, once)


def _read_links(scope: LexborNode) -> _Links:
    nodes = elements(scope, "a[href]")
    return _Links(nodes, _values([node.attributes.get("href") or "" for node in nodes]))


def link_hits(
    scope: LexborNode, href_parts: tuple[str, ...], *, once: bool = False
) -> list[LexborNode]:
    """``scope.css`` of ``a[href*="p" i]`` for each ``p`` of ``href_parts`` (lowercase ASCII),
    joined by commas, as lexbor lists them (see :func:`named_hits`); the scope's links read
    once while ``measuring``."""
    memo = _LINKS.get()
    if memo is None:
        joined = ", ".join(_contains("href", href_parts, "a"))
        return scope.css(f":is({joined})" if once else joined)
    links = memo.get(scope.mem_id)
    if links is None:
        links = memo[scope.mem_id] = _read_links(scope)
    counts: Counter[int] = Counter()
    for part in href_parts:
        counts.update(links.hrefs.holding(part))
    return _repeated(links.nodes, counts, once)


# ``scope.css(selector)`` by (scope ``mem_id``, selector) while ``measuring``.
_LISTS: ContextVar[dict[tuple[int, str], list[LexborNode]] | None] = ContextVar(
    "_LISTS", default=None
)


def elements(scope: LexborNode, selector: str) -> list[LexborNode]:
    """``scope.css(selector)``, asked of lexbor once per scope and selector while
    ``measuring`` (several rules list the same elements of the block: its links, headings,
    lists; each query is a walk of the block); a new list each call (the caller may change
    it)."""
    memo = _LISTS.get()
    if memo is None:
        return scope.css(selector)
    key = (scope.mem_id, selector)
    found = memo.get(key)
    if found is None:
        found = memo[key] = scope.css(selector)
    return list(found)


def measured_texts() -> dict[int, str]:
    """The ``deep_text`` memo by ``mem_id`` while ``measuring`` (a new dict otherwise): for a
    rule's hot loop, to read and fill it without a call per node."""
    memo = _MEMO.get()
    return {} if memo is None else memo[0]


def deep_text(node: LexborNode) -> str:
    """``node.text(deep=True, strip=True)``: its text nodes stripped and joined (remembered
    while ``measuring``: the rules read the same blocks' texts again and again)."""
    memo = _MEMO.get()
    if memo is None:
        return node.text(deep=True, strip=True, skip_empty=True)
    texts = memo[0]
    key = node.mem_id
    value = texts.get(key)
    if value is None:
        value = texts[key] = node.text(deep=True, strip=True, skip_empty=True)
    return value


def line_text(node: LexborNode) -> str:
    """``node.text(deep=True, separator="\\n", strip=True)``: its text nodes stripped, one a
    line (remembered while ``measuring``: several listing rules read the block's lines)."""
    memo = _MEMO.get()
    if memo is None:
        return node.text(deep=True, separator="\n", strip=True)
    lines = memo[2]
    key = node.mem_id
    value = lines.get(key)
    if value is None:
        value = lines[key] = node.text(deep=True, separator="\n", strip=True)
    return value


def text_len(node: LexborNode) -> int:
    """Characters of visible-ish text under ``node``, whitespace between tags not counted.

    Each text node is stripped before counting, so the measure is additive over disjoint
    subtrees (the length of a parent equals the sum of its children's).
    """
    # (``deep_text`` written out: the rules call this about 900k times on the 500 WCXB pages)
    memo = _MEMO.get()
    if memo is None:
        return len(node.text(deep=True, strip=True, skip_empty=True))
    texts = memo[0]
    key = node.mem_id
    value = texts.get(key)
    if value is None:
        value = texts[key] = node.text(deep=True, strip=True, skip_empty=True)
    return len(value)


def short_texts(
    scope: LexborNode,
    nodes: list[LexborNode],
    limit: int,
    *,
    own_text: bool = False,
) -> list[tuple[LexborNode, str]]:
    """``(node, deep_text(node))`` for the ``nodes`` (from ``scope.css``: document order;
    ``scope`` itself left out) whose text has 1 to ``limit`` characters, in document order;
    ``own_text``: only those with text of their own, at most ``limit`` (checked first). Read
    innermost first: a node's text holds its descendants', so the ancestors of one longer
    than ``limit`` are too, and are not read."""
    memo = _MEMO.get()
    texts: dict[int, str] = {} if memo is None else memo[0]
    long: set[int] = {scope.mem_id}
    out: list[tuple[LexborNode, str]] = []
    for node in reversed(nodes):
        key = node.mem_id
        if key in long:
            continue
        if own_text:
            first = node.text(deep=False, strip=True, skip_empty=True)
            if not first or len(first) > limit:
                continue
        text = texts.get(key)
        if text is None:
            text = texts[key] = node.text(deep=True, strip=True, skip_empty=True)
        if len(text) > limit:
            current = node.parent
            while current is not None and current.mem_id not in long:
                long.add(current.mem_id)
                current = current.parent
        elif text:
            out.append((node, text))
    out.reverse()
    return out


# The last block's lowered text: the rules run one after another on one block, and several
# search its text for their words (a tuple, swapped whole: safe across threads; reused only
# for the very same string object, which the tuple keeps alive).
_LOWERED: tuple[str, str] = ("", "")


def lowered_text(scope: LexborNode) -> str:
    """``deep_text(scope).lower()``, the last one remembered."""
    global _LOWERED
    text = deep_text(scope)
    last = _LOWERED
    if last[0] is text:
        return last[1]
    lowered = text.lower()
    _LOWERED = (text, lowered)
    return lowered


def keyword_hits(scope: LexborNode, words: tuple[str, ...]) -> list[LexborNode]:
    """The elements under ``scope`` whose own text holds one of the lowercase ``words`` in any
    case (lexbor's ``:lexbor-contains``, asked only for the words present in the text of
    ``scope``), in document order; none, and no element searched, when none is present."""
    text = lowered_text(scope)
    present = [word for word in words if word in text]
    if not present:
        return []
    return scope.css(", ".join(f':lexbor-contains("{word}" i)' for word in present))


def phrase_hits(
    scope: LexborNode, words: tuple[str, ...], limit: int
) -> list[tuple[LexborNode, str]]:
    """``(node, deep_text(node))`` for the :func:`keyword_hits` of ``words`` under ``scope``
    with at most ``limit`` characters of text, in document order."""
    hits = keyword_hits(scope, words)
    return [(node, found) for node in hits if len(found := deep_text(node)) <= limit]


def link_text_len(node: LexborNode) -> int:
    """Characters of text inside ``<a>`` elements under ``node``.

    HTML parsing never nests an ``<a>`` in another, so no link is counted twice.
    """
    memo = _MEMO.get()
    if memo is None:
        return sum(len(a.text(deep=True, strip=True, skip_empty=True)) for a in node.css("a"))
    sizes = memo[1]
    key = node.mem_id
    size = sizes.get(key)
    if size is None:
        size = sizes[key] = sum(map(text_len, node.css("a")))  # a link is measured once
    return size


def ancestor_ids(node: LexborNode) -> set[int]:
    """``mem_id`` of ``node`` and of every ancestor, up to the document."""
    ids: set[int] = set()
    current: LexborNode | None = node
    while current is not None:
        ids.add(current.mem_id)
        current = current.parent
    return ids


def has_ancestor_in(node: LexborNode, ids: set[int]) -> bool:
    """Whether a strict ancestor of ``node`` has its ``mem_id`` in ``ids``."""
    current = node.parent
    while current is not None:
        if current.mem_id in ids:
            return True
        current = current.parent
    return False


def document_html(node: LexborNode) -> LexborNode | None:
    """The ``<html>`` element of ``node``'s document (``node`` itself when it is one), or
    None when ``node`` is not under one."""
    current: LexborNode | None = node
    while current is not None and current.tag != "html":
        current = current.parent
    return current


def inside(node: LexborNode, tag: str) -> bool:
    """Whether a strict ancestor of ``node`` is a ``tag`` element."""
    current = node.parent
    while current is not None:
        if current.tag == tag:
            return True
        current = current.parent
    return False


def near_ancestor_tagged(node: LexborNode, tags: frozenset[str], levels: int) -> LexborNode | None:
    """The nearest strict ancestor of ``node`` whose tag is in ``tags``, at most ``levels``
    up (a card's parts sit close to its item or heading), or None."""
    current = node.parent
    for _ in range(levels):
        if current is None:
            return None
        if current.tag in tags:
            return current
        current = current.parent
    return None


def near_common_ancestor(a: LexborNode, b: LexborNode, levels: int) -> LexborNode | None:
    """The lowest common strict ancestor of ``a`` and ``b`` within ``levels`` of both, or None
    (parts of one card or one picture's variants sit close; the far climb is not made)."""
    ids: set[int] = set()
    current = a.parent
    for _ in range(levels):
        if current is None:
            break
        ids.add(current.mem_id)
        current = current.parent
    current = b.parent
    for _ in range(levels):
        if current is None:
            return None
        if current.mem_id in ids:
            return current
        current = current.parent
    return None


def topmost(nodes: Iterable[LexborNode]) -> list[LexborNode]:
    """The nodes that have no ancestor among ``nodes``, in the given order, without repeats."""
    listed = list(nodes)
    ids = {n.mem_id for n in listed}
    seen: set[int] = set()
    out: list[LexborNode] = []
    for node in listed:
        if node.mem_id in seen or has_ancestor_in(node, ids):
            continue
        seen.add(node.mem_id)
        out.append(node)
    return out


def contains(ancestor: LexborNode, node: LexborNode) -> bool:
    """Whether ``ancestor`` is ``node`` or one of its ancestors."""
    target = ancestor.mem_id
    current: LexborNode | None = node
    while current is not None:
        if current.mem_id == target:
            return True
        current = current.parent
    return False


def common_ancestor(a: LexborNode, b: LexborNode) -> LexborNode | None:
    """The lowest node that contains both ``a`` and ``b``."""
    ids = ancestor_ids(a)
    current: LexborNode | None = b
    while current is not None:
        if current.mem_id in ids:
            return current
        current = current.parent
    return None


def decompose_all(nodes: Iterable[LexborNode]) -> None:
    """Remove the nodes from their tree (outermost only, so nothing is destroyed twice)."""
    for node in topmost(nodes):
        node.decompose()


def widest_while(
    node: LexborNode, scope: LexborNode, fits: Callable[[LexborNode], bool]
) -> LexborNode | None:
    """The highest of ``node``'s strict ancestors below ``scope`` reached climbing while
    ``fits`` holds for each (the climb stops at the first that does not fit), or None when
    the parent already does not fit or is ``scope``."""
    best: LexborNode | None = None
    current = node.parent
    while current is not None and current.mem_id != scope.mem_id and fits(current):
        best = current
        current = current.parent
    return best


def widest_matching(
    hit: LexborNode,
    scope: LexborNode,
    pattern: re.Pattern[str],
    limit: float,
    *,
    separator: str = "",
    uncounted: str | None = None,
) -> LexborNode | None:
    """The highest of ``hit`` and its ancestors below ``scope`` whose whole text matches
    ``pattern``, climbing while the text stays within ``limit`` characters (the text of the
    ``uncounted`` selector's elements, e.g. a ``<select>``'s options, not measured)."""
    best: LexborNode | None = None
    current: LexborNode | None = hit
    while current is not None and current.mem_id != scope.mem_id:
        if not uncounted and text_len(current) > limit:
            # (its text read with separators is as long or longer: the climb ends without
            # reading it, as the hits under one big block would each read it again)
            break
        text = current.text(deep=True, separator=separator, strip=True)
        size = len(text)
        if size > limit and uncounted and current.css_first(uncounted) is not None:
            size -= sum(text_len(n) for n in current.css(uncounted))
        if size > limit:
            break
        if pattern.match(text):
            best = current
        current = current.parent
    return best
