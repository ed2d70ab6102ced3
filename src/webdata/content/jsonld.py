"""JSON-LD: the page's ``<script type="application/ld+json">`` blocks, parsed defensively.

The scripts are page-controlled input. Nothing is evaluated; only ``json`` decodes them, and
the work and the output are bounded: at most ``MAX_SCRIPTS`` scripts are read, a script over
``MAX_SCRIPT_BYTES`` is skipped, the accepted scripts total at most ``MAX_TOTAL_BYTES``, a
value nested deeper than ``MAX_DEPTH`` rejects its script, and at most ``MAX_OBJECTS`` objects
are returned. ``NaN`` / ``Infinity`` become ``null`` (they are not JSON).

Common breakage is repaired cheaply: HTML comment or CDATA wrappers and any other text around
the JSON, several values in one script, raw control characters inside strings, and (on a
second try only) trailing commas.

:class:`JsonLdGraph` answers the questions the metadata stage asks: the page's main entity,
names of authors / publishers (following ``@id`` references inside the page), dates.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from selectolax.lexbor import LexborHTMLParser

JsonObject = dict[str, Any]

MAX_SCRIPTS = 20
MAX_SCRIPT_BYTES = 256 * 1024
MAX_TOTAL_BYTES = 512 * 1024
MAX_DEPTH = 32
MAX_OBJECTS = 50
MAX_NAMES = 20
MAX_NAME_LEN = 200

_SELECTOR = 'script[type*="ld+json" i]'
_TRAILING_COMMA = re.compile(r",(\s*[}\]])")
_SEPARATORS = " \t\n\r;,"


def _no_constant(_: str) -> None:
    return None


_DECODER = json.JSONDecoder(strict=False, parse_constant=_no_constant)


def _utf8_size(text: str) -> int:
    if len(text) * 4 <= MAX_SCRIPT_BYTES:
        return len(text)  # a lower bound is enough: even 4 bytes a character fits
    return len(text.encode("utf-8", "surrogatepass"))


def _json_span(text: str) -> str:
    """``text`` from its first ``{`` / ``[`` to its last ``}`` / ``]`` (drops wrappers)."""
    if (cdata := text.find("<![CDATA[", 0, 64)) >= 0:
        text = text[cdata + 9 :]
        if (close := text.find("]]>", max(0, len(text) - 64))) >= 0:
            text = text[:close]
    starts = [i for i in (text.find("{"), text.find("[")) if i >= 0]
    if not starts:
        return ""
    end = max(text.rfind("}"), text.rfind("]"))
    start = min(starts)
    return text[start : end + 1] if end > start else ""


def _decode_all(text: str) -> list[Any]:
    """Every JSON value in ``text`` (several may follow each other); raises ValueError."""
    values: list[Any] = []
    pos, size = 0, len(text)
    while pos < size:
        while pos < size and text[pos] in _SEPARATORS:
            pos += 1
        if pos >= size:
            break
        try:
            value, pos = _DECODER.raw_decode(text, pos)
        except ValueError:
            if values:
                break  # keep what decoded before the damage
            raise
        values.append(value)
    return values


def _depth_ok(value: Any) -> bool:
    level: list[Any] = [value]
    for _ in range(MAX_DEPTH):
        below: list[Any] = []
        for current in level:
            children = current.values() if isinstance(current, dict) else current
            below += [c for c in children if isinstance(c, dict | list)]
        if not below:
            return True
        level = below
    return False


def parse_script(text: str) -> list[JsonObject]:
    """The objects of one JSON-LD script (lists are flattened); [] when it is unusable."""
    text = _json_span(text)
    if not text:
        return []
    try:
        try:
            values = _decode_all(text)
        except ValueError:
            values = _decode_all(_TRAILING_COMMA.sub(r"\1", text))
    except (ValueError, RecursionError):
        return []
    objects: list[JsonObject] = []
    for value in values:
        if isinstance(value, dict):
            objects.append(value)
        elif isinstance(value, list):
            objects.extend(item for item in value if isinstance(item, dict))
    if text.count("{") + text.count("[") <= MAX_DEPTH:
        return objects  # cannot nest deeper than it has brackets
    return [obj for obj in objects if _depth_ok(obj)]


def extract_json_ld(tree: LexborHTMLParser) -> list[JsonObject]:
    """The JSON-LD objects of the page, in document order, within the caps above."""
    objects: list[JsonObject] = []
    total = 0
    for node in tree.css(_SELECTOR)[:MAX_SCRIPTS]:
        text = node.text(deep=True)
        if not text:
            continue
        size = _utf8_size(text)
        if size > MAX_SCRIPT_BYTES or total + size > MAX_TOTAL_BYTES:
            continue
        parsed = parse_script(text)
        if parsed:
            total += size
            objects.extend(parsed)
            if len(objects) >= MAX_OBJECTS:
                return objects[:MAX_OBJECTS]
    return objects


# -- reading the graph ------------------------------------------------------------------------

# Types that describe the page's surroundings rather than its subject.
_AUXILIARY = frozenset(
    {
        "BreadcrumbList", "ListItem", "ImageObject", "SiteNavigationElement", "WPHeader",
        "WPFooter", "WPSideBar", "SearchAction", "EntryPoint", "ReadAction",
        "PropertyValueSpecification", "Comment", "Rating", "AggregateRating",
    }
)  # fmt: skip
_PUBLISHERS = frozenset(
    {"WebSite", "Organization", "Corporation", "NewsMediaOrganization", "Person", "Brand"}
)


def _short_type(value: str) -> str:
    """``https://schema.org/Article`` / ``schema:Article`` -> ``Article``."""
    return value.rsplit("/", 1)[-1].rsplit(":", 1)[-1].rsplit("#", 1)[-1].strip()


def node_types(node: JsonObject) -> list[str]:
    raw = node.get("@type")
    values = [raw] if isinstance(raw, str) else raw if isinstance(raw, list) else []
    return [t for t in (_short_type(v) for v in values if isinstance(v, str)) if t]


def subject_rank(types: list[str]) -> int:
    """How likely a node is the page's subject: 3 content, 2 web page, 1 site / org / untyped,
    0 auxiliary (breadcrumbs, images, comments…: never read)."""
    if not types:
        return 1
    if all(t in _AUXILIARY for t in types):
        return 0
    if all(t in _PUBLISHERS or t in _AUXILIARY for t in types):
        return 1
    if all(t.endswith("Page") or t in _PUBLISHERS or t in _AUXILIARY for t in types):
        return 2
    return 3


def first_text(value: Any) -> str | None:
    """A string value (``"x"``, ``["x", …]``, ``{"@value": "x"}``), stripped; else None."""
    if isinstance(value, list):
        value = value[0] if value else None
    if isinstance(value, dict):
        value = value.get("@value")
    if isinstance(value, str):
        return " ".join(value.split()) or None
    return None


def _is_url(text: str) -> bool:
    return text.startswith(("http://", "https://", "//", "/"))


class JsonLdGraph:
    """The nodes of the page's JSON-LD (``@graph`` members flattened) and their ``@id``s."""

    __slots__ = ("_ids", "_useful", "main", "nodes")

    def __init__(self, objects: list[JsonObject]) -> None:
        self.nodes: list[JsonObject] = list(self._flatten(objects))
        self._ids: dict[str, JsonObject] = {}
        for node in self.nodes:
            node_id = node.get("@id")
            if isinstance(node_id, str) and len(node) > 1:
                self._ids.setdefault(node_id, node)
        best, best_rank = None, 0
        self._useful: list[JsonObject] = []
        for node in self.nodes:
            rank = subject_rank(node_types(node))
            if rank:
                self._useful.append(node)
            if rank > best_rank:
                best, best_rank = node, rank
        self.main: JsonObject | None = best

    @staticmethod
    def _flatten(objects: list[JsonObject]) -> Iterator[JsonObject]:
        for obj in objects:
            graph = obj.get("@graph")
            if isinstance(graph, list):
                if "@type" in obj:
                    yield obj
                yield from (item for item in graph if isinstance(item, dict))
            elif isinstance(graph, dict):
                yield graph
            else:
                yield obj

    def _deref(self, value: Any) -> Any:
        if isinstance(value, dict):
            ref = value.get("@id")
            if isinstance(ref, str) and "name" not in value:
                return self._ids.get(ref, value)
        return value

    def _ordered(self) -> Iterator[JsonObject]:
        """The main node first, then the other non-auxiliary nodes in document order."""
        if self.main is not None:
            yield self.main
        yield from (n for n in self._useful if n is not self.main)

    def main_type(self) -> str | None:
        types = node_types(self.main) if self.main is not None else []
        return types[0] if types else None

    def text(self, key: str) -> str | None:
        """The first string value of ``key``, main node first."""
        for node in self._ordered():
            if key in node and (value := first_text(node[key])) is not None:
                return value
        return None

    def names(self, value: Any) -> list[str]:
        """Names in an author-like value: strings, ``{"name"}`` objects, ``@id`` refs, lists."""
        items = value if isinstance(value, list) else [value]
        out: list[str] = []
        for item in items[:MAX_NAMES]:
            item = self._deref(item)
            name = first_text(item.get("name")) if isinstance(item, dict) else first_text(item)
            if name and len(name) <= MAX_NAME_LEN and not _is_url(name) and name not in out:
                out.append(name)
        return out

    def authors(self) -> list[str]:
        for node in self._ordered():
            for key in ("author", "creator"):
                if key in node and (names := self.names(node[key])):
                    return names
        return []

    def site_name(self) -> str | None:
        """The publisher of the main entity, else the ``WebSite`` node's name."""
        for node in self._ordered():
            if "publisher" in node and (names := self.names(node["publisher"])):
                return names[0]
        for node in self._useful:
            if "WebSite" in node_types(node) and (name := first_text(node.get("name"))):
                return name
        return None

    def language(self) -> str | None:
        for node in self._ordered():
            value = node.get("inLanguage")
            if isinstance(value, dict):
                value = value.get("alternateName") or value.get("name")
            if (text := first_text(value)) is not None:
                return text
        return None


# The last page's graph, as metadata built it from the scripts, and the ``jsonLd`` texts it
# listed for it: the page marks (product, thread, article) ask for the graph by those texts,
# and get it without decoding the JSON again (a copy of the list: a caller may change its own).
_shared: tuple[list[str], JsonLdGraph] | None = None


def share_graph(texts: list[str], graph: JsonLdGraph) -> None:
    """Let :func:`graph_from_dumps` answer ``graph`` for ``texts`` (the graph of their objects)."""
    global _shared
    _shared = (list(texts), graph)


def graph_from_dumps(texts: Any) -> JsonLdGraph:
    """The graph of the compact JSON objects that metadata's ``jsonLd`` lists (already parsed
    and capped by :func:`parse_script` once; anything else in ``texts`` is skipped).

    The graph metadata built for the same texts when there is one (shared: read, never
    change it); equal texts make the same graph, so a match by value is safe."""
    shared = _shared  # (one read: another thread may share its own page meanwhile)
    if shared is not None and isinstance(texts, list) and texts == shared[0]:
        return shared[1]
    objects: list[JsonObject] = []
    for text in texts if isinstance(texts, list) else []:
        try:
            value = json.loads(text)
        except (TypeError, ValueError, RecursionError):
            continue
        if isinstance(value, dict):
            objects.append(value)
    return JsonLdGraph(objects)
