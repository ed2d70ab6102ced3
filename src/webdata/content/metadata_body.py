"""Metadata hints in the page body: microdata ``itemprop``, ``rel=author`` links, ``<time>``.

Read only when ``<meta>`` tags and JSON-LD leave the author or a date unsaid (one selector
query over the tree).

- microdata ``itemprop=author`` / ``datePublished`` / ``dateModified`` count when the item
  that owns them is a top-level item (or the page's ``mainEntity``): a comment's or a listed
  post's author is not the page's. An author item (``itemscope``) gives its ``name``.
- ``<a rel=author>``: its text.
- ``<time datetime>`` inside the first top-level ``<article>`` (not in a nested one, which is
  a comment): the one marked ``pubdate`` or with a class naming publication, else the first
  one not marked as an update, is the published date; one with a class naming an update is
  the modified date.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from selectolax.lexbor import LexborHTMLParser, LexborNode

# Broad and fast (lexbor's ``~=`` is slow); the precise one only for pages full of microdata.
_BROAD = "[itemprop], a[rel~=author], time[datetime]"
_PRECISE = (
    "[itemprop~=author], [itemprop~=datePublished], [itemprop~=dateModified], "
    "a[rel~=author], time[datetime]"
)
_MAIN_PROPS = frozenset({"mainEntity", "mainEntityOfPage"})
_MAX_NODES = 200
_MAX_NAMES = 20
_MAX_NAME_LEN = 200
_PUBLISHED_CLASSES = ("publish", "posted", "created")
_MODIFIED_CLASSES = ("update", "modif", "edited")


@dataclass(slots=True)
class BodyHints:
    authors: list[str] = field(default_factory=list)  # microdata
    link_authors: list[str] = field(default_factory=list)  # <a rel=author>
    published: list[str] = field(default_factory=list)  # microdata
    modified: list[str] = field(default_factory=list)
    time_published: list[str] = field(default_factory=list)  # <time> in the article
    time_modified: list[str] = field(default_factory=list)


def _text(node: LexborNode) -> str:
    return " ".join((node.text(deep=True) or "").split())


def _add_name(names: list[str], name: str | None) -> None:
    if not name or len(name) > _MAX_NAME_LEN or len(names) >= _MAX_NAMES:
        return
    if name.startswith(("http://", "https://", "/")) or name in names:
        return
    names.append(name)


def _owner_counts(node: LexborNode) -> bool:
    """Whether the microdata item owning ``node``'s property is the page's own item."""
    current = node.parent
    while current is not None:
        attrs = current.attributes
        if "itemscope" in attrs:
            props = (attrs.get("itemprop") or "").split()
            return not props or not _MAIN_PROPS.isdisjoint(props)
        current = current.parent
    return True


def _item_name(node: LexborNode) -> str | None:
    attrs = node.attributes
    if "itemscope" in attrs:
        name = node.css_first("[itemprop~=name]")
        if name is None:
            return None
        return (name.attributes.get("content") or "").strip() or _text(name)
    if node.tag == "meta":
        return " ".join((attrs.get("content") or "").split())
    if node.tag == "link":
        return None
    return _text(node)


def _date_value(node: LexborNode) -> str:
    attrs = node.attributes
    return (attrs.get("datetime") or attrs.get("content") or "").strip() or _text(node)


def _articles(node: LexborNode) -> list[int]:
    """mem_ids of the ``<article>`` ancestors of ``node``, nearest first."""
    out: list[int] = []
    current = node.parent
    while current is not None:
        if current.tag == "article":
            out.append(current.mem_id)
        current = current.parent
    return out


def _time(node: LexborNode, hints: BodyHints, article: list[int | None]) -> None:
    ancestors = _articles(node)
    if len(ancestors) != 1:  # outside any article, or in a nested one (a comment)
        return
    if article[0] is None:
        article[0] = ancestors[0]
    elif article[0] != ancestors[0]:
        return
    attrs = node.attributes
    value = (attrs.get("datetime") or "").strip()
    if not value:
        return
    classes = (attrs.get("class") or "").lower()
    if any(word in classes for word in _MODIFIED_CLASSES):
        hints.time_modified.append(value)
    elif "pubdate" in attrs or any(word in classes for word in _PUBLISHED_CLASSES):
        hints.time_published.insert(0, value)
    else:
        hints.time_published.append(value)


def body_hints(tree: LexborHTMLParser) -> BodyHints:
    hints = BodyHints()
    article: list[int | None] = [None]
    nodes = tree.css(_BROAD)
    if len(nodes) > _MAX_NODES:
        nodes = tree.css(_PRECISE)[:_MAX_NODES]
    for node in nodes:
        attrs = node.attributes
        props = (attrs.get("itemprop") or "").split()
        if props and _owner_counts(node):
            if "author" in props:
                _add_name(hints.authors, _item_name(node))
            if "datePublished" in props:
                hints.published.append(_date_value(node))
            if "dateModified" in props:
                hints.modified.append(_date_value(node))
        if node.tag == "a" and "author" in (attrs.get("rel") or "").lower().split():
            _add_name(hints.link_authors, _text(node))
        elif node.tag == "time" and "datePublished" not in props and "dateModified" not in props:
            _time(node, hints, article)
    return hints
