"""A page's structured data, read into one normalised list of entities, and the value readers
the ``product`` and ``menu`` extractors share (prices, currencies, availability, visible text).

Sources: schema.org JSON-LD (through the defensive parser of :mod:`webdata.content.jsonld`),
microdata (``itemscope`` / ``itemtype`` / ``itemprop``, nested, ``itemref``), RDFa Lite
(``vocab`` / ``typeof`` / ``property``) and OpenGraph product tags (``og:type`` product,
``product:price:amount``...). Whatever the source, an *entity* is a dict with

- ``"@type"``: short schema.org type names (``["Product"]``), possibly empty;
- ``"@source"``: ``json-ld``, ``microdata``, ``rdfa`` or ``opengraph``;
- ``"@id"`` when the page names the node;
- ``"@display"`` (microdata / RDFa) the visible text of a property whose value came from an
  attribute, e.g. ``{"price": "1.299,00 €"}`` for ``<span itemprop=price content=1299>``;
- its properties under short names (``name``, ``offers``): a string, number, bool, entity, or
  a list of those. JSON-LD ``@id`` references inside the page are replaced by their nodes.

Everything is page-controlled input: the HTML size and tag nesting, the elements walked, the
entities, list lengths and text lengths are capped, and nothing here raises on odd input.
"""

from __future__ import annotations

import html as html_lib
import itertools
import math
import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from selectolax.lexbor import LexborHTMLParser, LexborNode

from webdata.content.jsonld import JsonLdGraph, extract_json_ld, node_types
from webdata.content.parse import parse_html as parse_untrusted
from webdata.content.urls import Resolver, effective_base, is_http_url

Entity = dict[str, Any]

MAX_HTML_CHARS = 4_000_000
MAX_SCOPES = 2_000  # itemscope / typeof elements looked at
MAX_ITEMS = 300  # top-level microdata + RDFa items
MAX_ITEM_DEPTH = 12  # items nested in items
MAX_VISITS = 60_000  # elements walked while reading microdata / RDFa
MAX_JSON_NODES = 20_000  # JSON-LD values normalised (references expanded included)
MAX_JSON_DEPTH = 24
MAX_LIST = 200
MAX_PROPS = 200
MAX_META = 500
MAX_VALUE_CHARS = 20_000
MAX_TEXT_NODES = 5_000
MAX_WALK = 5_000

_SKIP_TAGS = frozenset({"script", "style", "noscript", "template", "svg", "math"})
BLOCK_TAGS = frozenset(
    {
        "address", "article", "aside", "blockquote", "body", "caption", "dd", "details", "dialog",
        "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2",
        "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "li", "main", "nav", "ol", "p", "pre",
        "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
        "br", "button", "select", "option", "label",
    }
)  # fmt: skip


# -- parsing, bounded ------------------------------------------------------------------------


def parse_html(html: str) -> LexborHTMLParser:
    """The page parsed after the input caps (size, then nesting depth)."""
    return parse_untrusted(html, max_chars=MAX_HTML_CHARS)


# -- text ------------------------------------------------------------------------------------


def collapse(text: str) -> str:
    return " ".join(text.split())


def clean_text(value: str, limit: int = MAX_VALUE_CHARS) -> str:
    """A text value as a person reads it: entities decoded, tags dropped, spaces collapsed."""
    value = value[: limit * 2]
    if "<" in value and ">" in value:
        body = parse_untrusted(value).body
        value = node_text(body, limit) if body is not None else value
    elif "&" in value:
        value = html_lib.unescape(value)
    return collapse(value)[:limit].strip()


def node_text(node: LexborNode, limit: int = MAX_VALUE_CHARS) -> str:
    """The visible text of ``node``: blocks and ``<br>`` separate words, scripts are skipped."""
    parts: list[str] = []
    size = 0
    for count, child in enumerate(node.traverse(include_text=True)):
        if count > MAX_TEXT_NODES or size > limit:
            break
        tag = child.tag
        if tag == "-text":
            parent = child.parent
            if parent is not None and parent.tag in _SKIP_TAGS:
                continue
            text = child.text_content or ""
            prev = child.prev
            if prev is not None and prev.tag in BLOCK_TAGS:
                parts.append(" ")
            parts.append(text)
            size += len(text)
        elif tag in BLOCK_TAGS or tag == "img":
            parts.append(" ")
    return collapse("".join(parts))[:limit]


# -- the page --------------------------------------------------------------------------------


class Page:
    """One parsed page: its URL, resolver, meta tags and canonical URL."""

    __slots__ = ("_img_alts", "host", "meta", "resolver", "tree", "url")

    def __init__(self, html: str, url: str) -> None:
        self.url = url
        self.tree = parse_html(html)
        self.resolver = Resolver(effective_base(self.tree, url))
        try:
            self.host = (urlsplit(url).hostname or "").lower()
        except ValueError:
            self.host = ""
        self.meta = read_meta(self.tree)
        self._img_alts: dict[str, str] | None = None

    def resolve(self, value: Any) -> str | None:
        """``value`` as an absolute http(s) URL; None for anything else."""
        if not isinstance(value, str) or not value.strip() or len(value) > 4_000:
            return None
        resolved = self.resolver.resolve(html_lib.unescape(value) if "&" in value else value)
        return resolved if resolved is not None and is_http_url(resolved) else None

    def meta_first(self, *keys: str) -> str | None:
        for key in keys:
            values = self.meta.get(key)
            if values:
                return values[0]
        return None

    def canonical(self) -> str | None:
        for node in self.tree.css('link[rel~="canonical" i][href]')[:3]:
            if (url := self.resolve(node.attributes.get("href"))) is not None:
                return url
        return None

    def img_alt(self, url: str) -> str | None:
        """The ``alt`` of an ``<img>`` showing ``url`` on the page."""
        if self._img_alts is None:
            self._img_alts = {}
            for node in self.tree.css("img[alt]")[:400]:
                attrs = node.attributes
                alt = collapse(attrs.get("alt") or "")
                for key in ("src", "data-src", "data-original", "data-zoom-image"):
                    if alt and (src := self.resolve(attrs.get(key))) is not None:
                        self._img_alts.setdefault(src, alt[:300])
        return self._img_alts.get(url)

    def title(self) -> str | None:
        node = self.tree.css_first("head title") or self.tree.css_first("title")
        return (collapse(node.text()) or None) if node is not None else None

    def h1(self) -> str | None:
        for node in self.tree.css("h1")[:5]:
            if text := node_text(node, 300):
                return text
        return None


def read_meta(tree: LexborHTMLParser) -> dict[str, list[str]]:
    """``<meta property|name=key content>``: lower-cased key -> contents in document order."""
    meta: dict[str, list[str]] = {}
    for node in tree.css("meta[content]")[:MAX_META]:
        attrs = node.attributes
        key = (attrs.get("property") or attrs.get("name") or "").strip().lower()
        content = collapse(attrs.get("content") or "")[:MAX_VALUE_CHARS]
        if key and content:
            values = meta.setdefault(key, [])
            if len(values) < 20:
                values.append(content)
    return meta


# -- entities: reading -----------------------------------------------------------------------


def short_name(value: str) -> str:
    """``https://schema.org/Offer`` / ``schema:Offer`` -> ``Offer``."""
    return value.rsplit("/", 1)[-1].rsplit(":", 1)[-1].rsplit("#", 1)[-1].strip()


def types_of(entity: Entity) -> list[str]:
    types = entity.get("@type")
    return types if isinstance(types, list) else []


def has_type(entity: Any, types: Collection[str]) -> bool:
    return isinstance(entity, dict) and any(t in types for t in types_of(entity))


def values(entity: Entity, key: str) -> list[Any]:
    value = entity.get(key)
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def entities(entity: Entity, key: str) -> list[Entity]:
    return [v for v in values(entity, key) if isinstance(v, dict)]


def first(entity: Entity, key: str) -> Any:
    found = values(entity, key)
    return found[0] if found else None


def text(entity: Entity, key: str, limit: int = MAX_VALUE_CHARS) -> str | None:
    """The first textual value of ``key``: a string, a number, or a nested entity's name."""
    for value in values(entity, key):
        if isinstance(value, dict):
            value = first(value, "name")
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, int | float):
            return str(value)
        if isinstance(value, str):
            shown = entity.get("@display", {}).get(key) if "@display" in entity else None
            if isinstance(shown, str) and value.startswith(("http://", "https://", "/")):
                value = shown  # a link's text, not its href, names things
            if cleaned := clean_text(value, limit):
                return cleaned
    return None


def display(entity: Entity, key: str) -> str | None:
    shown = entity.get("@display")
    value = shown.get(key) if isinstance(shown, dict) else None
    return value if isinstance(value, str) else None


def walk(found: list[Entity], skip: Collection[str] = ()) -> Iterator[Entity]:
    """Every entity reachable from ``found`` (depth first, document order), not through
    ``skip`` keys; bounded."""
    stack: list[Any] = list(reversed(found))
    seen = 0
    while stack and seen < MAX_WALK:
        value = stack.pop()
        if isinstance(value, list):
            stack.extend(reversed(value))
            continue
        if not isinstance(value, dict):
            continue
        seen += 1
        yield value
        children = [v for k, v in value.items() if k[:1] != "@" and k not in skip]
        stack.extend(v for v in reversed(children) if isinstance(v, dict | list))


class _Budget:
    __slots__ = ("left",)

    def __init__(self, left: int) -> None:
        self.left = left

    def take(self) -> bool:
        self.left -= 1
        return self.left >= 0


def _add(entity: Entity, key: str, value: Any) -> None:
    if key not in entity:
        entity[key] = value
        return
    current = entity[key]
    if not isinstance(current, list):
        entity[key] = current = [current]
    if len(current) < MAX_LIST:
        current.append(value)


# JSON-LD


def _normalise(
    value: Any, ids: dict[str, Entity], depth: int, stack: frozenset[str], budget: _Budget
) -> Any:
    if not budget.take() or depth > MAX_JSON_DEPTH:
        return None
    if isinstance(value, str):
        return value[:MAX_VALUE_CHARS]
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        return value if math.isfinite(value) else None
    if isinstance(value, list):
        items = (_normalise(v, ids, depth + 1, stack, budget) for v in value[:MAX_LIST])
        return [v for v in items if v is not None and v != []]
    if not isinstance(value, dict):
        return None
    if "@value" in value:
        return _normalise(value["@value"], ids, depth + 1, stack, budget)
    if "@list" in value or "@set" in value:
        return _normalise(value.get("@list", value.get("@set")), ids, depth + 1, stack, budget)
    ref = value.get("@id")
    ref = ref if isinstance(ref, str) else None
    if ref is not None and len(value) == 1:  # a reference: the node it names, once per path
        target = ids.get(ref)
        if target is None or ref in stack:
            return {"@type": [], "@source": "json-ld", "@id": ref}
        value = target
    entity: Entity = {"@type": node_types(value), "@source": "json-ld"}
    if ref is not None:
        entity["@id"] = ref
        stack = stack | {ref}
    for key, item in list(value.items())[:MAX_PROPS]:
        if not isinstance(key, str) or key[:1] == "@":
            continue
        name = short_name(key)
        normal = _normalise(item, ids, depth + 1, stack, budget)
        if name and normal is not None and normal != []:
            if name in entity and isinstance(normal, list):
                for one in normal:
                    _add(entity, name, one)
            else:
                _add(entity, name, normal)
    return entity


def _from_json_ld(tree: LexborHTMLParser) -> list[Entity]:
    nodes = JsonLdGraph(extract_json_ld(tree)).nodes
    ids: dict[str, Entity] = {}
    for node in nodes:
        ref = node.get("@id")
        if isinstance(ref, str) and len(node) > 1:
            ids.setdefault(ref, node)
    budget = _Budget(MAX_JSON_NODES)
    out: list[Entity] = []
    for node in nodes:
        entity = _normalise(node, ids, 0, frozenset(), budget)
        if isinstance(entity, dict) and len(entity) > 2:
            out.append(entity)
    return out


# Microdata and RDFa Lite: one walker, two attribute sets.


@dataclass(frozen=True, slots=True)
class _Syntax:
    source: str
    scope: str  # the attribute that opens an item
    prop: str  # the attribute naming properties
    type: str  # the attribute holding the item's types
    ids: tuple[str, ...]


_MICRODATA = _Syntax("microdata", "itemscope", "itemprop", "itemtype", ("itemid",))
_RDFA = _Syntax("rdfa", "typeof", "property", "typeof", ("resource", "about"))
_SCHEMA_PREFIXES = frozenset({"schema", "sdo", "s"})
_URL_ATTR = {
    "a": "href", "area": "href", "link": "href", "img": "src", "audio": "src", "embed": "src",
    "iframe": "src", "source": "src", "track": "src", "video": "src", "object": "data",
}  # fmt: skip


def _prop_names(value: str | None, syntax: _Syntax) -> list[str]:
    names: list[str] = []
    for token in (value or "").split()[:8]:
        prefix = token.split(":", 1)[0].lower() if ":" in token else ""
        if prefix and prefix not in ("http", "https") and prefix not in _SCHEMA_PREFIXES:
            continue  # og:title, fb:app_id... in RDFa are not schema.org properties
        name = short_name(token)
        if name and name[0] != "@":
            names.append(name)
    return names


def _types(value: str | None) -> list[str]:
    return [t for t in (short_name(v) for v in (value or "").split()[:8]) if t]


def _value(node: LexborNode, syntax: _Syntax) -> tuple[str | None, str | None]:
    """A property element's value and, when that came from an attribute, its visible text."""
    attrs = node.attributes
    tag = node.tag or ""
    if tag == "meta":
        return attrs.get("content"), None
    if syntax is _RDFA and attrs.get("content") is not None:
        return attrs.get("content"), node_text(node, 500) or None
    if (attr := _URL_ATTR.get(tag)) is not None:
        url = attrs.get(attr) or ""
        if tag == "img" and (not url or url.startswith("data:")):
            url = attrs.get("data-src") or attrs.get("data-original") or url
        if url:
            return url, (node_text(node, 500) or None) if tag in ("a", "area") else None
    if tag in ("data", "meter") and attrs.get("value") is not None:
        return attrs.get("value"), None
    if tag == "time" and attrs.get("datetime"):
        return attrs.get("datetime"), None
    if syntax is _RDFA:
        for attr in ("resource", "href", "src"):
            if attrs.get(attr):
                return attrs.get(attr), None
    shown = node_text(node)
    content = attrs.get("content")
    if content is not None and content.strip():
        return content, (shown if shown and shown != content.strip() else None)
    return shown, None


def _css_string(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _read_item(
    tree: LexborHTMLParser, root: LexborNode, syntax: _Syntax, depth: int, budget: _Budget
) -> Entity:
    attrs = root.attributes
    entity: Entity = {"@type": _types(attrs.get(syntax.type)), "@source": syntax.source}
    for attr in syntax.ids:
        if ref := (attrs.get(attr) or "").strip():
            entity["@id"] = ref
            break
    shown: dict[str, str] = {}
    stack = list(root.iter())[::-1]
    if syntax is _MICRODATA:
        for ref in (attrs.get("itemref") or "").split()[:8]:
            found = tree.css_first(f'[id="{_css_string(ref)}"]')
            if found is not None:
                stack.insert(0, found)
    while stack and budget.take():
        node = stack.pop()
        if node.tag in _SKIP_TAGS:
            continue
        node_attrs = node.attributes
        names = _prop_names(node_attrs.get(syntax.prop), syntax)
        if syntax.scope in node_attrs:
            if names and depth < MAX_ITEM_DEPTH:
                nested = _read_item(tree, node, syntax, depth + 1, budget)
                for name in names:
                    _add(entity, name, nested)
            continue  # a nested item's descendants belong to it
        if names:
            value, visible = _value(node, syntax)
            value = collapse(value)[:MAX_VALUE_CHARS] if value else None
            if value:
                for name in names:
                    _add(entity, name, value)
                    if visible:
                        shown.setdefault(name, visible)
        stack.extend(list(node.iter())[::-1])
    if shown:
        entity["@display"] = shown
    return entity


def _has_scope_ancestor(node: LexborNode, syntax: _Syntax) -> bool:
    current = node.parent
    for _ in range(64):
        if current is None:
            return False
        if syntax.scope in current.attributes:
            return True
        current = current.parent
    return False


def _from_attributes(tree: LexborHTMLParser, syntax: _Syntax, budget: _Budget) -> list[Entity]:
    out: list[Entity] = []
    for node in tree.css(f"[{syntax.scope}]")[:MAX_SCOPES]:
        if len(out) >= MAX_ITEMS or budget.left <= 0:
            break
        attrs = node.attributes
        if _prop_names(attrs.get(syntax.prop), syntax) and _has_scope_ancestor(node, syntax):
            continue  # read as its parent item's property
        if syntax is _RDFA and not _types(attrs.get("typeof")) and not attrs.get("vocab"):
            continue
        item = _read_item(tree, node, syntax, 0, budget)
        if len(item) > 2:
            out.append(item)
    return out


# OpenGraph product tags


def _opengraph_product(meta: dict[str, list[str]]) -> Entity | None:
    def get(*keys: str) -> str | None:
        for key in keys:
            if key in meta:
                return meta[key][0]
        return None

    price = get("product:price:amount", "og:price:amount", "product:price")
    sale = get("product:sale_price:amount")
    original = get("product:original_price:amount", "og:price:standard_amount")
    og_type = (get("og:type") or "").lower()
    if "product" not in og_type and price is None and sale is None:
        return None
    entity: Entity = {"@type": ["Product"], "@source": "opengraph"}
    for key, meta_keys in (
        ("name", ("og:title",)),
        ("description", ("og:description",)),
        ("url", ("og:url",)),
        ("brand", ("product:brand", "og:brand")),
        ("category", ("product:category",)),
        ("sku", ("product:retailer_item_id", "product:sku")),
    ):
        if (found := get(*meta_keys)) is not None:
            entity[key] = found
    alts = meta.get("og:image:alt", [])
    images: list[Any] = []
    for i, url in enumerate(meta.get("og:image", []) or meta.get("og:image:url", [])):
        image: Entity = {"@type": ["ImageObject"], "@source": "opengraph", "url": url}
        if i < len(alts):
            image["caption"] = alts[i]
        images.append(image)
    if images:
        entity["image"] = images
    offer: Entity = {"@type": ["Offer"], "@source": "opengraph"}
    currency = get("product:price:currency", "og:price:currency")
    if sale is not None:
        offer["price"] = sale
        currency = get("product:sale_price:currency") or currency
        original = original or price
    elif price is not None:
        offer["price"] = price
    if currency:
        offer["priceCurrency"] = currency
    if original is not None and "price" in offer:
        offer["priceSpecification"] = {
            "@type": ["UnitPriceSpecification"],
            "@source": "opengraph",
            "priceType": "https://schema.org/StrikethroughPrice",
            "price": original,
            **({"priceCurrency": currency} if currency else {}),
        }
    if availability := get("product:availability", "og:availability"):
        offer["availability"] = availability
    if len(offer) > 2:
        entity["offers"] = offer
    return entity


def read_entities(page: Page) -> list[Entity]:
    """The page's structured data, JSON-LD first, then microdata, RDFa, OpenGraph."""
    found = _from_json_ld(page.tree)
    budget = _Budget(MAX_VISITS)
    found += _from_attributes(page.tree, _MICRODATA, budget)
    found += _from_attributes(page.tree, _RDFA, budget)
    if (product := _opengraph_product(page.meta)) is not None:
        found.append(product)
    return found


def extract_structured_data(html: str, url: str = "") -> list[Entity]:
    """The normalised entities of ``html`` (see the module docstring)."""
    return read_entities(Page(html, url))


# -- prices ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Money:
    amount: float
    currency: str | None
    text: str
    strong: bool = True  # written with a currency or two decimals (a bare "12" is not)


# Codes recognised inside visible text (any three letters are accepted from structured data).
ISO_CODES = frozenset(
    {
        "USD", "EUR", "GBP", "JPY", "CNY", "CAD", "AUD", "NZD", "CHF", "SEK", "NOK", "DKK",
        "ISK", "PLN", "CZK", "HUF", "RON", "BGN", "RSD", "UAH", "RUB", "TRY", "ILS", "AED",
        "SAR", "QAR", "KWD", "BHD", "OMR", "JOD", "EGP", "MAD", "ZAR", "NGN", "KES", "GHS",
        "INR", "PKR", "BDT", "LKR", "NPR", "IDR", "MYR", "SGD", "THB", "VND", "PHP", "KRW",
        "TWD", "HKD", "MXN", "BRL", "ARS", "CLP", "COP", "PEN", "UYU", "BOB", "PYG", "CRC",
        "GTQ", "DOP",
    }
)  # fmt: skip
_ZERO_DECIMALS = frozenset({"JPY", "KRW", "VND", "CLP", "ISK", "PYG", "UGX", "IDR", "HUF"})
_SYMBOLS = {
    "US$": "USD", "CA$": "CAD", "C$": "CAD", "AU$": "AUD", "A$": "AUD", "NZ$": "NZD",
    "HK$": "HKD", "S$": "SGD", "R$": "BRL", "MX$": "MXN", "NT$": "TWD", "CN¥": "CNY",
    "RMB": "CNY", "元": "CNY", "€": "EUR", "£": "GBP", "¥": "JPY", "円": "JPY", "₹": "INR",
    "₩": "KRW", "₽": "RUB", "₺": "TRY", "₪": "ILS", "₫": "VND", "₱": "PHP", "฿": "THB",
    "₴": "UAH", "₦": "NGN", "zł": "PLN", "Kč": "CZK", "Ft": "HUF", "lei": "RON", "Fr.": "CHF",
}  # fmt: skip
# "$" and "kr" name several currencies: the site's country decides, else the usual one.
_DOLLAR_TLDS = {
    "ca": "CAD", "au": "AUD", "nz": "NZD", "sg": "SGD", "hk": "HKD", "mx": "MXN", "tw": "TWD",
    "ar": "ARS", "cl": "CLP", "uy": "UYU",
}  # fmt: skip
_KRONE_TLDS = {"se": "SEK", "no": "NOK", "dk": "DKK", "is": "ISK"}
_SYMBOL_OUT = {
    "USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "INR": "₹", "KRW": "₩", "CAD": "CA$",
    "AUD": "A$", "NZD": "NZ$", "HKD": "HK$", "SGD": "S$", "BRL": "R$", "MXN": "MX$",
    "CNY": "CN¥", "ILS": "₪", "TRY": "₺", "VND": "₫", "PHP": "₱", "THB": "฿", "UAH": "₴",
    "NGN": "₦", "RUB": "₽",
}  # fmt: skip

_CURRENCY = (
    r"(?:US\$|CA\$|C\$|AU\$|A\$|NZ\$|HK\$|S\$|R\$|MX\$|NT\$|CN¥|RMB|[$€£¥円元₹₩₽₺₪₫₱฿₴₦]"
    r"|\b(?:" + "|".join(sorted(ISO_CODES)) + r")\b|zł|Kč|\bFt\b|\blei\b|\bkr\b\.?|Fr\.)"
)
_NUMBER = (
    r"\d{1,3}(?:[ ,.'\u00a0\u202f\u2009]\d{3})+(?:[.,]\d{1,2})?(?![\d])"
    r"|\d{1,9}(?:[.,]\d{1,3})?(?![\d])"
)
_PRICE = re.compile(
    rf"(?P<pre>{_CURRENCY})?[ \u00a0]?(?<![\d.,/:])(?P<num>{_NUMBER})(?:[.,][-\u2013\u2014])?"
    rf"(?:[ \u00a0]?(?P<post>{_CURRENCY})(?![ \u00a0]?\d))?"
)
_UNIT_AFTER = re.compile(
    r"[ \u00a0]?(?:ml|cl|dl|l|ltr|g|gr|kg|oz|lb|lbs|cm|mm|m|pcs?|pieces?|st|stk|x|%|cal|kcal|"
    r"calories|min|mins|h|hrs?|am|pm|uhr|inch|inches|people|persons?|pax)\b|[:/]\d|[°%'\"″]",
    re.IGNORECASE,
)
_CURRENCY_ONLY = re.compile(_CURRENCY)
_PLAIN_NUMBER = re.compile(r"\s*\d{1,9}(?:\.\d{1,6})?\s*")
MAX_AMOUNT = 1e9


def _symbol_currency(symbol: str, host: str) -> str | None:
    symbol = symbol.strip()
    if symbol.upper() in ISO_CODES:
        return symbol.upper()
    tld = host.rsplit(".", 1)[-1] if host else ""
    if symbol == "$":
        return _DOLLAR_TLDS.get(tld, "USD")
    if symbol.lower().rstrip(".") == "kr":
        return _KRONE_TLDS.get(tld)
    return _SYMBOLS.get(symbol)


def currency_code(value: Any, host: str = "") -> str | None:
    """An ISO 4217 code from a structured value (``"usd"``, ``"EUR"``, ``"€"``); else None."""
    if isinstance(value, list):
        value = value[0] if value else None
    if isinstance(value, dict):
        value = first(value, "name") or value.get("@id")
    if not isinstance(value, str):
        return None
    code: str = value.strip()
    if len(code) == 3 and code.isascii() and code.isalpha():
        return code.upper()
    return _symbol_currency(code, host) if len(code) <= 4 else None


def find_currency(text: str, host: str = "") -> str | None:
    """The currency a price text is written in, from its symbol or code."""
    match = _CURRENCY_ONLY.search(text[:200])
    return _symbol_currency(match.group(), host) if match else None


def _to_number(num: str, dot_decimal: bool) -> float | None:
    num = re.sub(r"[ '\u00a0\u202f\u2009]", "", num)
    dots, commas = num.count("."), num.count(",")
    if dots and commas:
        decimal = "." if num.rfind(".") > num.rfind(",") else ","
    elif dots + commas == 1:
        sep = "." if dots else ","
        whole, frac = num.split(sep)
        is_thousands = len(frac) == 3 and whole != "0" and not (dot_decimal and sep == ".")
        decimal = "" if is_thousands else sep
    else:
        decimal = ""  # none, or a repeated separator: thousands
    if decimal:
        whole, _, frac = num.rpartition(decimal)
        num = whole.replace(".", "").replace(",", "") + "." + frac
    else:
        num = num.replace(".", "").replace(",", "")
    try:
        amount = float(num)
    except ValueError:
        return None
    return amount if math.isfinite(amount) and 0 <= amount < MAX_AMOUNT else None


def parse_amount(value: Any, *, dot_decimal: bool = False) -> float | None:
    """A price amount: a number, or the first number in a string (``"1.299,00 €"`` ->
    1299.0). ``dot_decimal`` reads ``"1.299"`` as schema.org does (a dot is decimal)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        amount = float(value)
        return amount if math.isfinite(amount) and 0 <= amount < MAX_AMOUNT else None
    if not isinstance(value, str):
        return None
    value = value[:200]
    if dot_decimal and _PLAIN_NUMBER.fullmatch(value):
        return _to_number(value.strip(), True)
    match = _PRICE.search(value)
    return _to_number(match.group("num"), dot_decimal) if match else None


def find_prices(text: str, host: str = "", limit: int = 20) -> list[Money]:
    """The prices written in ``text``, in order (quantities like ``330 ml`` are not prices)."""
    text = text[:5_000]
    # [pre symbol, start, number, number start, number end, post symbol, end]
    raw: list[list[Any]] = []
    for match in _PRICE.finditer(text):
        pre, num, post = match.group("pre"), match.group("num"), match.group("post")
        num_start, num_end = match.span("num")
        if pre is None and num_start and text[num_start - 1].isalpha():
            continue  # part of a word: "A4", "B12"
        if post is None and _UNIT_AFTER.match(text, num_end):
            continue
        start = match.start() if pre is not None else num_start
        raw.append([pre, start, num, num_start, num_end, post, match.end()])
        if len(raw) >= limit:
            break
    # "1.499,00 € 1.299,00 €": a symbol between two amounts is the first one's when the second
    # has its own symbol after it (this page writes currencies after amounts).
    for one, two in itertools.pairwise(raw):
        between = text[one[4] : two[1]]
        if one[0] is None and one[5] is None and two[0] and two[5] and not between.strip():
            one[5], one[6] = two[0], two[1] + len(two[0])
            two[0], two[1] = None, two[3]
    out: list[Money] = []
    for pre, start, num, _, _, post, end in raw:
        amount = _to_number(num, False)
        if amount is None:
            continue
        symbol = pre or post
        currency = _symbol_currency(symbol, host) if symbol else None
        strong = symbol is not None or re.search(r"[.,]\d{2}$", num) is not None
        out.append(Money(amount, currency, collapse(text[start:end]), strong))
    return out


def format_like(sample: Money, amount: float) -> str:
    """``amount`` written the way ``sample`` is (symbol, separators, decimals):
    ``format_like(<"1.299,00 €">, 89.5)`` -> ``"89,50 €"``."""
    match = re.search(_NUMBER, sample.text)
    if match is None:
        return format_money(amount, sample.currency)
    num = match.group()
    tail = re.search(r"([.,])(\d{1,2})$", num)
    decimal, places = (tail.group(1), len(tail.group(2))) if tail else ("", 0)
    body = num[: tail.start()] if tail else num
    thousands = next((c for c in body if not c.isdigit()), "")
    if not places and amount != int(amount):
        places, decimal = 2, ("," if thousands == "." else ".")
    if not thousands:
        thousands = "." if decimal == "," else ","
    whole, _, frac = f"{amount:.{places}f}".partition(".")
    number = f"{int(whole):,}".replace(",", thousands) + (decimal + frac if places else "")
    return sample.text[: match.start()] + number + sample.text[match.end() :]


def format_money(amount: float, currency: str | None) -> str:
    """A display form for a price the page gave only as data: ``$1,299.00``."""
    if currency in _ZERO_DECIMALS and amount == int(amount):
        number = f"{amount:,.0f}"
    else:
        number = f"{amount:,.2f}"
    if currency is None:
        return number
    symbol = _SYMBOL_OUT.get(currency)
    return f"{symbol}{number}" if symbol else f"{currency} {number}"


def money_dict(money: Money) -> dict[str, Any]:
    out: dict[str, Any] = {"amount": money.amount}
    if money.currency:
        out["currency"] = money.currency
    out["formatted"] = money.text or format_money(money.amount, money.currency)
    return out


# -- availability ----------------------------------------------------------------------------

_AVAILABILITY = {
    "instock": (True, "In stock"),
    "limitedavailability": (True, "Limited availability"),
    "onlineonly": (True, "Online only"),
    "instoreonly": (True, "In store only"),
    "available": (True, "Available"),
    "availablefororder": (True, "Available for order"),
    "outofstock": (False, "Out of stock"),
    "soldout": (False, "Sold out"),
    "discontinued": (False, "Discontinued"),
    "preorder": (False, "Pre-order"),
    "presale": (False, "Pre-sale"),
    "backorder": (False, "Backorder"),
    "madetoorder": (False, "Made to order"),
    "reserved": (False, "Reserved"),
    "unavailable": (False, "Unavailable"),
    "notavailable": (False, "Unavailable"),
}
# Stock wording in a few languages, the negative forms first ("niet op voorraad").
_OUT_OF_STOCK_WORDS = (
    r"out[ -]of[ -]stock|sold[ -]out|currently unavailable|unavailable|no longer available|"
    r"niet op voorraad|uitverkocht|nicht (?:auf lager|lieferbar|verfügbar)|ausverkauft|"
    r"rupture de stock|épuisé|agotado|sin stock|esaurito|non disponibile|esgotado|"
    r"slutsåld|udsolgt|utsolgt|ikke på lager"
)
_IN_STOCK_WORDS = (
    r"in[ -]stock|available|op voorraad|leverbaar|auf lager|lieferbar|en stock|disponible|"
    r"in magazzino|disponibile|em estoque|på lager|i lager"
)
_VISIBLE_AVAILABILITY = re.compile(
    rf"(?<!\w)(?:({_OUT_OF_STOCK_WORDS})|({_IN_STOCK_WORDS}))(?!\w)", re.IGNORECASE
)


def parse_availability(value: Any) -> tuple[bool, str] | None:
    """``https://schema.org/InStock`` / ``"in stock"`` / ``"OutOfStock"`` -> (in stock, text)."""
    if isinstance(value, list):
        value = value[0] if value else None
    if isinstance(value, dict):
        value = value.get("@id") or first(value, "name")
    if not isinstance(value, str) or len(value) > 200:
        return None
    key = re.sub(r"[^a-z]", "", short_name(value).lower() or value.lower())
    return _AVAILABILITY.get(key)


def visible_availability(text: str) -> tuple[bool, str] | None:
    """Availability as a page shows it in words (``"Sold out"``, ``"12 in stock"``)."""
    match = _VISIBLE_AVAILABILITY.search(text[:2_000])
    if match is None:
        return None
    return match.group(1) is None, collapse(match.group()).capitalize()
