"""Page metadata: title, description, language, favicon, Open Graph / Dublin Core fields,
plus every ``<meta>`` under its raw name.

The camelCase keys are the ones the official firecrawl-py SDK types (``ogTitle``…); they
are strings (the first value when a key repeats), except ``ogLocaleAlternate``, always a
list. Every other ``<meta>`` (keyed by ``name``, else ``property``, ``itemprop``,
``http-equiv``) is kept under its raw name: a string, or a list in document order when the
key repeats. Raw names that would shadow a computed key or a key the scrape stage adds
(``url``, ``statusCode``…, in camelCase or snake_case) are skipped.
"""

from __future__ import annotations

from selectolax.lexbor import LexborHTMLParser, LexborNode

from webdata.content.urls import Resolver

Metadata = dict[str, str | list[str]]

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

_COMPUTED = ("title", "description", "keywords", "robots", "language", "favicon")
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
    {*_COMPUTED, *_CALLER_KEYS, *(_snake(k) for k in _CALLER_KEYS)}
)  # fmt: skip


def _collapse(text: str) -> str:
    return " ".join(text.split())


def _in_svg(node: LexborNode) -> bool:
    current = node.parent
    while current is not None:
        if current.tag == "svg":
            return True
        current = current.parent
    return False


def _title(tree: LexborHTMLParser) -> str | None:
    for node in tree.css("title"):
        if not _in_svg(node):
            return _collapse(node.text()) or None
    return None


def _favicon(tree: LexborHTMLParser, resolver: Resolver) -> str | None:
    fallback: str | None = None
    for node in tree.css("link[rel][href]"):
        attrs = node.attributes
        rel = (attrs.get("rel") or "").lower()
        href = attrs.get("href") or ""
        if not href.strip() or "icon" not in rel:
            continue
        if "icon" in rel.split():
            return resolver.resolve(href)
        if fallback is None:
            fallback = href
    return resolver.resolve(fallback) if fallback is not None else None


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


def extract_metadata(tree: LexborHTMLParser, resolver: Resolver) -> Metadata:
    """Metadata of the page (call before the tree is cleaned: it reads ``<head>``)."""
    raw = _meta_values(tree)
    by_lower: dict[str, list[str]] = {}
    for key, values in raw.items():
        by_lower.setdefault(key.lower(), []).extend(values)

    def first(key: str) -> str | None:
        values = by_lower.get(key)
        return values[0] if values else None

    meta: Metadata = {}
    html = tree.css_first("html")
    lang = ((html.attributes.get("lang") if html is not None else None) or "").strip()
    candidates: dict[str, str | None] = {
        "title": _title(tree) or first("og:title"),
        "description": first("description") or first("og:description"),
        "keywords": first("keywords"),
        "robots": first("robots"),
        "language": lang or first("content-language"),
        "favicon": _favicon(tree, resolver),
    }
    for key, field in META_FIELDS.items():
        candidates[key] = first(field)
    meta.update({k: v for k, v in candidates.items() if v})
    meta["ogLocaleAlternate"] = list(by_lower.get("og:locale:alternate", []))
    for key, values in raw.items():
        if key in RESERVED_KEYS or key in meta:
            continue
        meta[key] = values[0] if len(values) == 1 else list(values)
    return meta
