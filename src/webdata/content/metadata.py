"""Page metadata: title, description, language, favicon, Open Graph / Dublin Core / Twitter fields,
author, dates, canonical URL, language alternates, feeds, JSON-LD, plus every ``<meta>`` under
its raw name.

The camelCase keys are the ones the official firecrawl-py SDK types (``ogTitle``…) and a few
more (``author``, ``canonical``, ``twitterTitle``…); they are strings (the first value when a
key repeats), except ``ogLocaleAlternate`` and ``feeds`` (always lists), ``author`` (a list
when there are several names), ``alternateLanguages`` / ``alternateLanguageCodes`` (aligned
lists of hreflang URLs and their codes) and ``jsonLd`` (each JSON-LD object as compact JSON
text: the spec types metadata values as strings or lists of strings). Every other ``<meta>``
(keyed by ``name``, else ``property``, ``itemprop``, ``http-equiv``) is kept under its raw
name: a string, or a list in document order when the key repeats. Raw names that would shadow
a computed key or a key the scrape stage adds (``url``, ``statusCode``…, in camelCase or
snake_case) are skipped.

Derived keys, each from the first source that has it (meta tags first, then JSON-LD, then
microdata and the body; see ``metadata_links`` / ``metadata_body`` / ``jsonld``):

- ``author``: ``<meta name=author>`` (every one), ``article:author`` (names, not profile
  URLs), ``dc.creator`` / ``dcterms.creator``, JSON-LD ``author`` / ``creator`` (main entity
  first; ``@id`` references followed), microdata ``itemprop=author``, ``<a rel=author>`` text.
- ``publishedTime`` / ``modifiedTime`` (ISO 8601, see ``metadata_dates``): the
  ``article:*_time`` / ``og:updated_time`` / ``itemprop`` meta tags, JSON-LD
  ``datePublished`` / ``dateModified``, microdata, Dublin Core dates (``dcterms.issued``,
  ``dc.date``…; ``dcterms.modified``…), generic ``date`` / ``pubdate`` / ``last-modified``
  metas, then ``<time datetime>`` in the article. A raw ``article:*_time`` that is not a date
  is still returned when nothing better exists.
- ``siteName``: ``og:site_name``, JSON-LD publisher name, JSON-LD ``WebSite`` name,
  ``application-name``.
- ``type``: ``og:type``, else the JSON-LD main entity's ``@type``.
- ``language``: ``<html lang>``, ``content-language``, ``og:locale`` (``en_US`` -> ``en-US``),
  ``dc.language``, JSON-LD ``inLanguage``.
- ``twitterCard`` / ``twitterTitle`` / ``twitterDescription`` / ``twitterImage`` /
  ``twitterSite`` / ``twitterCreator``: the ``twitter:*`` metas.
- Dublin Core: ``DC.x``, ``dc:x``, ``DCTERMS.x`` and ``dcterms.x`` are one spelling; each dc*
  key reads its own namespace first, then the other (``dcDate`` <- ``dc.date``,
  ``dcterms.date``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from selectolax.lexbor import LexborHTMLParser

from webdata.content.dom import inside
from webdata.content.jsonld import (
    MAX_NAME_LEN,
    MAX_NAMES,
    JsonLdGraph,
    JsonObject,
    extract_json_ld,
    share_graph,
)
from webdata.content.metadata_body import BodyHints, body_hints
from webdata.content.metadata_dates import first_date
from webdata.content.metadata_links import scan_links
from webdata.content.urls import Resolver

MetaValue = str | list[str] | dict[str, str] | list[JsonObject]
Metadata = dict[str, MetaValue]

# camelCase key -> meta key (compared lower-case)
META_FIELDS: dict[str, str] = {
    "ogTitle": "og:title",
    "ogDescription": "og:description",
    "ogUrl": "og:url",
    "ogImage": "og:image",
    "ogAudio": "og:audio",
    "ogDeterminer": "og:determiner",
    "ogLocale": "og:locale",
    "ogSiteName": "og:site_name",
    "ogVideo": "og:video",
    "dcTermsCreated": "dcterms.created",
    "dcDateCreated": "dc.date.created",
    "dcDate": "dc.date",
    "dcTermsType": "dcterms.type",
    "dcType": "dc.type",
    "dcTermsAudience": "dcterms.audience",
    "dcTermsSubject": "dcterms.subject",
    "dcSubject": "dc.subject",
    "dcDescription": "dc.description",
    "dcTermsKeywords": "dcterms.keywords",
    "modifiedTime": "article:modified_time",
    "publishedTime": "article:published_time",
    "articleTag": "article:tag",
    "articleSection": "article:section",
}
# camelCase key -> further meta keys read when the first is absent
META_FALLBACKS: dict[str, tuple[str, ...]] = {
    "dcTermsCreated": ("dc.created", "dc.date.created"),
    "dcDateCreated": ("dcterms.created",),
    "dcDate": ("dcterms.date",),
    "dcTermsType": ("dc.type",),
    "dcType": ("dcterms.type",),
    "dcTermsAudience": ("dc.audience",),
    "dcTermsSubject": ("dc.subject",),
    "dcSubject": ("dcterms.subject",),
    "dcDescription": ("dcterms.description",),
    "dcTermsKeywords": ("dc.keywords",),
}
TWITTER_FIELDS: dict[str, tuple[str, ...]] = {
    "twitterCard": ("twitter:card",),
    "twitterTitle": ("twitter:title",),
    "twitterDescription": ("twitter:description",),
    "twitterImage": ("twitter:image", "twitter:image:src"),
    "twitterSite": ("twitter:site",),
    "twitterCreator": ("twitter:creator",),
}
_PUBLISHED_META = ("article:published_time", "og:published_time", "datepublished")
_PUBLISHED_DC = (
    "dcterms.issued", "dc.date.issued", "dcterms.date", "dc.date", "dcterms.created",
    "dc.date.created", "pubdate", "publishdate", "publish-date", "date",
)  # fmt: skip
_MODIFIED_META = ("article:modified_time", "og:updated_time", "datemodified")
_MODIFIED_DC = ("dcterms.modified", "dc.date.modified", "last-modified")
_AUTHOR_META = ("author", "article:author", "dc.creator", "dcterms.creator")
_SITE_NAME_META = ("application-name",)

_COMPUTED = (
    "title", "description", "keywords", "robots", "language", "favicon", "author", "canonical",
    "siteName", "type", "alternateLanguages", "alternateLanguageCodes", "feeds", "jsonLd",
    *TWITTER_FIELDS,
)  # fmt: skip
# Keys the scrape stage (or the SDK's typed metadata) owns.
_CALLER_KEYS = (
    "sourceURL", "url", "statusCode", "contentType", "error", "scrapeId", "proxyUsed",
    "cacheState", "cachedAt", "creditsUsed", "numPages", "totalPages", "concurrencyLimited",
    "concurrencyQueueDurationMs", "timezone", "ogLocaleAlternate", *META_FIELDS,
)  # fmt: skip


def _snake(name: str) -> str:
    out = [f"_{c.lower()}" if c.isupper() else c for c in name]
    return "".join(out).lstrip("_").replace("_u_r_l", "_url")


RESERVED_KEYS = frozenset(
    {*_COMPUTED, *_CALLER_KEYS, *(_snake(k) for k in (*_CALLER_KEYS, *_COMPUTED))}
)  # fmt: skip


def _collapse(text: str) -> str:
    return " ".join(text.split())


def _title(tree: LexborHTMLParser) -> str | None:
    for node in tree.css("title"):
        if not inside(node, "svg"):
            return _collapse(node.text()) or None
    return None


def _meta_values(tree: LexborHTMLParser) -> dict[str, list[str]]:
    """Raw meta key (as written) -> its non-empty contents in document order."""
    raw: dict[str, list[str]] = {}
    for node in tree.css("meta[content]"):
        attrs = node.attributes
        key = (
            attrs.get("name")
            or attrs.get("property")
            or attrs.get("itemprop")
            or attrs.get("http-equiv")
            or ""
        ).strip()
        content = (attrs.get("content") or "").strip()
        if key and content:
            raw.setdefault(key, []).append(content)
    return raw


def _lookup_key(key: str) -> str:
    """The spelling meta keys are compared in: lower-case, ``dc:x`` written ``dc.x``."""
    key = key.lower()
    if key.startswith(("dc:", "dcterms:")):
        key = key.replace(":", ".", 1)
    return key


def _names(values: list[str]) -> list[str]:
    out: list[str] = []
    for value in values:
        if len(out) >= MAX_NAMES:
            break
        name = _collapse(value)
        if not name or len(name) > MAX_NAME_LEN or name in out:
            continue
        if not name.startswith(("http://", "https://", "//", "/")):
            out.append(name)
    return out


def _one_or_many(values: list[str]) -> str | list[str]:
    return values[0] if len(values) == 1 else values


class _Sources:
    """The page's metadata sources, the costly ones read on first use."""

    def __init__(self, tree: LexborHTMLParser, by_lower: dict[str, list[str]]) -> None:
        self.tree = tree
        self.by_lower = by_lower
        self._body: BodyHints | None = None
        self.json_ld = extract_json_ld(tree)
        self.graph = JsonLdGraph(self.json_ld)

    @property
    def body(self) -> BodyHints:
        if self._body is None:
            self._body = body_hints(self.tree)
        return self._body

    def first(self, *keys: str) -> str | None:
        for key in keys:
            values = self.by_lower.get(key)
            if values:
                return values[0]
        return None

    def every(self, *keys: str) -> list[str]:
        return [v for key in keys for v in self.by_lower.get(key, ())]

    def author(self) -> str | list[str] | None:
        for key in _AUTHOR_META:
            if names := _names(self.by_lower.get(key, [])):
                return _one_or_many(names)
        getters: tuple[Callable[[], list[str]], ...] = (
            self.graph.authors,
            lambda: self.body.authors,
            lambda: self.body.link_authors,
        )
        for getter in getters:
            if names := getter():
                return _one_or_many(names)
        return None

    def date(self, meta: tuple[str, ...], ld_key: str, dc: tuple[str, ...]) -> str | None:
        published = ld_key == "datePublished"
        getters: tuple[Callable[[], list[str]], ...] = (
            lambda: self.every(*meta),
            lambda: [v] if (v := self.graph.text(ld_key)) else [],
            lambda: self.body.published if published else self.body.modified,
            lambda: self.every(*dc),
            lambda: self.body.time_published if published else self.body.time_modified,
        )
        for getter in getters:
            if found := first_date(getter()):
                return found
        return self.first(meta[0])  # not a date, but what the page says (as before)

    def language(self, html_lang: str) -> str | None:
        if html_lang or (html_lang := self.first("content-language") or ""):
            return html_lang
        if locale := self.first("og:locale"):
            return locale.replace("_", "-")
        return self.first("dc.language", "dcterms.language") or self.graph.language()

    def site_name(self) -> str | None:
        return self.first("og:site_name") or self.graph.site_name() or self.first(*_SITE_NAME_META)


def extract_metadata(tree: LexborHTMLParser, resolver: Resolver) -> Metadata:
    """Metadata of the page (call before the tree is cleaned: it reads ``<head>``)."""
    raw = _meta_values(tree)
    by_lower: dict[str, list[str]] = {}
    for key, values in raw.items():
        by_lower.setdefault(_lookup_key(key), []).extend(values)
    src = _Sources(tree, by_lower)
    first = src.first
    links = scan_links(tree, resolver)

    meta: Metadata = {}
    html = tree.css_first("html")
    lang = ((html.attributes.get("lang") if html is not None else None) or "").strip()
    candidates: dict[str, Any] = {
        "title": _title(tree) or first("og:title"),
        "description": first("description") or first("og:description"),
        "keywords": first("keywords"),
        "robots": first("robots"),
        "language": src.language(lang),
        "favicon": links.favicon,
    }
    for key, field in META_FIELDS.items():
        candidates[key] = first(field, *META_FALLBACKS.get(key, ()))
    for key, fields in TWITTER_FIELDS.items():
        candidates[key] = first(*fields)
    json_ld = [json.dumps(obj, ensure_ascii=False, separators=(",", ":")) for obj in src.json_ld]
    share_graph(json_ld, src.graph)  # the page marks read the JSON-LD again by these texts
    candidates.update(
        author=src.author(),
        publishedTime=src.date(_PUBLISHED_META, "datePublished", _PUBLISHED_DC),
        modifiedTime=src.date(_MODIFIED_META, "dateModified", _MODIFIED_DC),
        canonical=links.canonical,
        siteName=src.site_name(),
        type=first("og:type") or src.graph.main_type(),
        # The spec types every other metadata key as a string or a list of strings: language
        # alternates become two aligned lists, JSON-LD objects their compact JSON text.
        alternateLanguages=list(links.alternates.values()),
        alternateLanguageCodes=list(links.alternates),
        feeds=links.feeds,
        jsonLd=json_ld,
    )
    meta.update({k: v for k, v in candidates.items() if v})
    meta["ogLocaleAlternate"] = list(by_lower.get("og:locale:alternate", []))
    for key, values in raw.items():
        if key in RESERVED_KEYS or key in meta:
            continue
        meta[key] = values[0] if len(values) == 1 else list(values)
    return meta
