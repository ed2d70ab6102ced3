"""The ``menu`` format, without a model: a restaurant / cafe / bar page's menu as sections of
items (name, description, price, dietary labels, calories, images, options).

Two readers, the first that finds items wins:

1. schema.org structured data (:mod:`webdata.extract.structured_data`, any syntax):
   ``Restaurant.hasMenu`` -> ``Menu`` -> ``hasMenuSection`` -> ``hasMenuItem`` (with
   ``offers``, ``suitableForDiet``, ``nutrition.calories``, ``menuAddOn``);
2. the page's structure: its visible text cut into lines at block boundaries and read in
   order. Headings open sections; a line with a name and a price, or a name line followed by
   a price line, is an item; text lines around an item describe it; ``(V)`` / ``(GF)``-style
   markers, diet icons and ``540 kcal`` notes become ``dietary`` / ``calories``. Tables are
   read row by row (several price columns become an option group).

Whether the result is a menu at all is scored into ``confidence`` from the number of priced
items, the sections, menu words in the title / URL / section names, and shop signals against
it. ``currency`` is only set when the page states it (a ``priceCurrency``, a symbol or code
next to the prices, or a "prices in EUR" line), never guessed from bare numbers.

The output is the spec's ``data.menu`` shape in camelCase, with the fields the SDK's
``MenuProfile`` requires (section and item ids, item availability and source URLs, merchant).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any
from urllib.parse import urlsplit

import structlog
from selectolax.lexbor import LexborNode

from webdata.extract.structured_data import (
    BLOCK_TAGS,
    Entity,
    Money,
    Page,
    collapse,
    currency_code,
    entities,
    find_currency,
    find_prices,
    first,
    format_money,
    has_type,
    money_dict,
    node_text,
    parse_amount,
    parse_availability,
    read_entities,
    short_name,
    text,
    values,
    walk,
)

log = structlog.get_logger("webdata.extract.menu")

RESTAURANT_TYPES = {
    "FoodEstablishment": "restaurant",
    "Restaurant": "restaurant",
    "FastFoodRestaurant": "fast food restaurant",
    "CafeOrCoffeeShop": "cafe",
    "Bakery": "bakery",
    "BarOrPub": "bar",
    "Brewery": "brewery",
    "Winery": "winery",
    "Distillery": "distillery",
    "IceCreamShop": "ice cream shop",
}
# Places reached through these keys are written about, not the page's own.
_NOT_THE_PAGES = frozenset({"itemReviewed", "about", "mentions", "review", "subjectOf"})
_ORGANISATIONS = frozenset({"Organization", "LocalBusiness", "Store", "Corporation"})
_PRODUCTS = frozenset({"Product", "ProductGroup", "Offer", "AggregateOffer"})
_DIETS = {
    "GlutenFreeDiet": "gluten-free",
    "VeganDiet": "vegan",
    "VegetarianDiet": "vegetarian",
    "HalalDiet": "halal",
    "KosherDiet": "kosher",
    "DiabeticDiet": "diabetic",
    "LowCalorieDiet": "low-calorie",
    "LowFatDiet": "low-fat",
    "LowLactoseDiet": "low-lactose",
    "LowSaltDiet": "low-salt",
    "HinduDiet": "hindu",
}
# Dietary words (a few languages) and the usual menu codes; a page's own legend adds codes.
_DIET_WORDS = {
    "vegan": "vegan",
    "plant based": "vegan",
    "vegano": "vegan",
    "vegana": "vegan",
    "végétalien": "vegan",
    "vegetarian": "vegetarian",
    "veggie": "vegetarian",
    "vegetariano": "vegetarian",
    "vegetariana": "vegetarian",
    "végétarien": "vegetarian",
    "vegetarisch": "vegetarian",
    "gluten free": "gluten-free",
    "senza glutine": "gluten-free",
    "sans gluten": "gluten-free",
    "sin gluten": "gluten-free",
    "glutenfrei": "gluten-free",
    "dairy free": "dairy-free",
    "lactose free": "lactose-free",
    "nut free": "nut-free",
    "halal": "halal",
    "kosher": "kosher",
}
_DIET_CODES = {
    "v": "vegetarian",
    "veg": "vegetarian",
    "vg": "vegan",
    "ve": "vegan",
    "vgn": "vegan",
    "gf": "gluten-free",
    "df": "dairy-free",
    "nf": "nut-free",
}
_DIET_WORD = "|".join(w.replace(" ", "[- ]") for w in sorted(_DIET_WORDS, key=len, reverse=True))
_DIET_GROUP = re.compile(
    rf"[(\[]\s*((?:{_DIET_WORD}|[a-z]{{1,3}})"
    rf"(?:\s*[,/|+&.]\s*(?:{_DIET_WORD}|[a-z]{{1,3}}))*)\s*\.?[)\]]",
    re.IGNORECASE,
)
_DIET_ATTR = re.compile(rf"\b({_DIET_WORD})\b", re.IGNORECASE)
_LEGEND = re.compile(
    rf"\(?\b([A-Z]{{1,3}})\b\)?\s*(?:=|:|-|\u2013|\u2014)\s*({_DIET_WORD})",
    re.IGNORECASE,
)
_CALORIES = re.compile(r"\(?\b(\d{2,4})\s?(?:k?cal(?:ories)?|kcal|cals?)\b\.?\)?", re.IGNORECASE)
_STATED = re.compile(
    r"(?:prices?|all prices|preise|prix|precios|prezzi)\b[^.\n]{0,30}?\b(?:in|en)\s+"
    r"(US\$|[A-Z]{3}|[$€£¥₹])",
    re.IGNORECASE,
)
_LETTERS = re.compile(r"[^\W\d_]{2,}")
_LEADER = re.compile(r"(?:\.{2,}|\u2026|\t|\s[-\u2013\u2014|:]|\s{2,}|_{2,})\s*$")
_LEADERS = " .\u2026_-\u2013\u2014|:\u00b7\t/•*"
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_SECTION_CLASS = re.compile(
    r"(?:section|category|group|menu)[-_]{0,2}(?:title|name|header|heading)|"
    r"(?:title|heading)[-_]{0,2}(?:section|category)",
    re.IGNORECASE,
)
_ITEM_CLASS = re.compile(r"(?:^|[-_])(?:item|dish|entry|product|card|meal)$")
_ITEM_TAGS = frozenset({"li", "article", "tr"})
_NAME_CLASS = re.compile(r"name|title", re.IGNORECASE)
# Never menu text. Not <form>: some sites (ASP.NET WebForms) wrap the whole page in one.
_DROP = "script, style, noscript, template, svg, nav, iframe, select"
_MENU_WORDS = re.compile(
    r"\b(menus?|men[uú]|speisekarte|la carte|carte|cardápio|food|drinks|our dishes)\b",
    re.IGNORECASE,
)
_FOOD_WORDS = re.compile(
    r"\b(starters?|appeti[sz]ers?|antipasti|entr[ée]es?|mains?|main courses?|desserts?|"
    r"sweets|drinks?|beverages?|cocktails?|mocktails?|wines?|beers?|spirits|coffees?|teas?|"
    r"juices?|smoothies|shakes|breakfast|brunch|lunch|dinner|salads?|soups?|sides?|"
    r"pizzas?|pastas?|burgers?|sandwich(?:es)?|wraps?|bowls?|sushi|rolls?|noodles|curr(?:y|ies)|"
    r"grill|seafood|fish|meat|kids|specials?|snacks?|small plates|sharing|tapas|bakery|"
    r"pastr(?:y|ies)|cakes?|ice cream|gelato|hot drinks|cold drinks|soft drinks|aperitifs?|"
    r"digestifs?|vorspeisen|hauptgerichte|nachspeisen|getränke|boissons|plats|primi|"
    r"secondi|dolci|bebidas|postres|espresso|bar)\b",
    re.IGNORECASE,
)
_SIZE_WORDS = re.compile(
    r"^(?:small|medium|large|regular|reg|sm|md|lg|xl|s|m|l|single|double|half|full|"
    r"glass|bottle|carafe|pint|half pint|cup|mug|pot|short|tall|grande|venti|"
    r"\d+\s?(?:oz|ml|cl|l|in|inch|\"|cm))$",
    re.IGNORECASE,
)
_BUY = re.compile(r"add to (?:cart|bag|basket)", re.IGNORECASE)

MAX_NODES = 80_000
MAX_LINES = 5_000
MAX_SECTIONS = 100
MAX_ITEMS = 1_500
MAX_TABLES = 40
MAX_ROWS = 400
MAX_LINE_CHARS = 400
MAX_NAME = 150
MAX_DESCRIPTION = 600
MAX_MENU_PRICE = 10_000.0
MAX_BARE_PRICE = 1_000.0  # a price written without a currency or decimals


@dataclass
class _Item:
    name: str
    description: str | None = None
    price: Money | None = None
    dietary: list[str] = field(default_factory=list)
    calories: float | None = None
    images: list[dict[str, str | None]] = field(default_factory=list)
    in_stock: bool = True
    stock_text: str | None = None
    option_groups: list[dict[str, Any]] = field(default_factory=list)
    merchant_id: str | None = None
    url: str | None = None


@dataclass
class _Section:
    name: str | None
    description: str | None = None
    items: list[_Item] = field(default_factory=list)


@dataclass
class _Found:
    sections: list[_Section]
    currencies: list[str]  # stated currencies (structured data, symbols, statements)
    structured: bool


# -- shared ----------------------------------------------------------------------------------


def _diet_label(value: str, codes: dict[str, str]) -> str | None:
    key = " ".join(value.lower().replace(".", " ").replace("-", " ").split())
    return _DIET_WORDS.get(key) or codes.get(key.replace(" ", ""))


def _add_diet(item: _Item, labels: list[str]) -> None:
    for label in labels:
        if label not in item.dietary:
            item.dietary.append(label)


def _take_markers(value: str, codes: dict[str, str]) -> tuple[str, list[str]]:
    """``"Margherita (V, GF)"`` -> ``("Margherita", ["vegetarian", "gluten-free"])``; a
    bracket of anything but dietary codes stays (``"(2 pcs)"``)."""
    labels: list[str] = []

    def replace(match: re.Match[str]) -> str:
        parts = re.split(r"\s*[,/|+&.]\s*", match.group(1).strip(" ."))
        found = [_diet_label(p, codes) for p in parts if p]
        if not found or any(f is None for f in found):
            return match.group()
        labels.extend(f for f in found if f is not None)
        return " "

    if "(" in value or "[" in value:
        value = _DIET_GROUP.sub(replace, value)
    return collapse(value), labels


def _take_calories(value: str) -> tuple[str, float | None]:
    match = _CALORIES.search(value)
    if match is None:
        return value, None
    rest = collapse(value[: match.start()] + " " + value[match.end() :])
    return rest, float(match.group(1))


def _strip_leaders(value: str) -> str:
    return value.strip(_LEADERS + " ")


def slug(value: str) -> str:
    """A menu id from a name: lower-case words joined by hyphens (at most 60 characters)."""
    slug = re.sub(r"[^\w]+", "-", value.lower()).strip("-_")
    return slug[:60].strip("-") or "x"


def unique_id(base: str, used: set[str]) -> str:
    """``base``, or ``base-2``, ``base-3``… when taken; the result joins ``used``."""
    key, n = base, 2
    while key in used:
        key, n = f"{base}-{n}", n + 1
    used.add(key)
    return key


def _price_ok(money: Money) -> bool:
    limit = MAX_MENU_PRICE if money.strong else MAX_BARE_PRICE
    return 0 <= money.amount <= limit


# -- structured data -------------------------------------------------------------------------


def _offers(entity: Entity) -> list[Entity]:
    out: list[Entity] = []
    for offer in entities(entity, "offers")[:20]:
        inner = entities(offer, "offers") if has_type(offer, ("AggregateOffer",)) else []
        out += inner[:20] if inner else [offer]
    return out


def _offer_money(offer: Entity, page: Page) -> Money | None:
    currency = currency_code(first(offer, "priceCurrency"), page.host)
    raw = first(offer, "price")
    if raw is None:
        raw = first(offer, "lowPrice")
    if raw is None:
        spec = next(iter(entities(offer, "priceSpecification")), None)
        if spec is not None:
            raw = first(spec, "price")
            currency = currency or currency_code(first(spec, "priceCurrency"), page.host)
    amount = parse_amount(raw, dot_decimal=True)
    if amount is None:
        return None
    if currency is None and isinstance(raw, str):
        currency = find_currency(raw, page.host)
    return Money(amount, currency, format_money(amount, currency))


def _structured_item(entity: Entity, page: Page, depth: int = 0) -> _Item | None:
    name = text(entity, "name", MAX_NAME)
    if not name:
        return None
    item = _Item(name=name, description=text(entity, "description", MAX_DESCRIPTION))
    offers = _offers(entity)
    priced = [(o, m) for o in offers if (m := _offer_money(o, page)) is not None]
    if priced:
        item.price = priced[0][1]
        named = [(text(o, "name", 80), m) for o, m in priced]
        if len(named) > 1 and all(n for n, _ in named):
            options = [{"name": n, "price": money_dict(m)} for n, m in named]
            item.option_groups.append(
                {"name": _group_name([n or "" for n, _ in named]), "options": options}
            )
    if offers and (stock := parse_availability(first(offers[0], "availability"))) is not None:
        item.in_stock, item.stock_text = stock
    for diet in values(entity, "suitableForDiet")[:10]:
        raw = diet.get("@id") or first(diet, "name") if isinstance(diet, dict) else diet
        if isinstance(raw, str):
            label = _DIETS.get(short_name(raw)) or _diet_label(raw, {})
            if label:
                _add_diet(item, [label])
    for nutrition in entities(entity, "nutrition")[:1]:
        calories = parse_amount(first(nutrition, "calories"))
        item.calories = calories
    for image in values(entity, "image")[:5]:
        raw = (
            (first(image, "contentUrl") or first(image, "url"))
            if isinstance(image, dict)
            else image
        )
        if (url := page.resolve(raw)) is not None:
            alt = (
                (text(image, "caption", 200) or text(image, "name", 200))
                if isinstance(image, dict)
                else None
            )
            item.images.append({"url": url, "alt": alt or page.img_alt(url)})
    item.merchant_id = text(entity, "identifier", 100) or text(entity, "sku", 100)
    item.url = page.resolve(first(entity, "url"))
    if depth < 2:
        for add_on in entities(entity, "menuAddOn")[:10]:
            group = _add_on_group(add_on, page, depth + 1)
            if group is not None:
                item.option_groups.append(group)
    return item


def _group_name(labels: list[str]) -> str:
    return (
        "Size"
        if labels and all(_SIZE_WORDS.match(label.strip()) for label in labels)
        else "Options"
    )


def _add_on_group(entity: Entity, page: Page, depth: int) -> dict[str, Any] | None:
    """A ``menuAddOn``: a section of extras, or a single extra."""
    members = entities(entity, "hasMenuItem") if has_type(entity, ("MenuSection",)) else [entity]
    options = []
    for member in members[:30]:
        add_on = _structured_item(member, page, depth + 1)
        if add_on is not None:
            option: dict[str, Any] = {"name": add_on.name}
            if add_on.price is not None:
                option["price"] = money_dict(add_on.price)
            options.append(option)
    if not options:
        return None
    name = text(entity, "name", 80) if has_type(entity, ("MenuSection",)) else None
    return {"name": name or "Add-ons", "options": options}


def _structured_sections(
    menu: Entity, page: Page, prefix: str | None, out: list[_Section], depth: int
) -> None:
    name = text(menu, "name", 120)
    label = f"{prefix} - {name}" if prefix and name else (name or prefix)
    items = [
        item
        for e in entities(menu, "hasMenuItem")[:MAX_ITEMS]
        if (item := _structured_item(e, page)) is not None
    ]
    if items:
        out.append(_Section(label or "Menu", text(menu, "description", 300), items))
    if depth < 4:
        for section in entities(menu, "hasMenuSection")[:MAX_SECTIONS]:
            child_prefix = label if has_type(menu, ("MenuSection",)) else prefix
            _structured_sections(section, page, child_prefix, out, depth + 1)


def _structured_menu(found: list[Entity], page: Page) -> _Found | None:
    menus: list[Entity] = []
    seen: set[str] = set()

    def add(menu: Entity) -> None:
        key = menu.get("@id") or str(id(menu))  # JSON-LD copies a node at each reference
        if key not in seen:
            seen.add(key)
            menus.append(menu)

    for place in (e for e in walk(found) if has_type(e, RESTAURANT_TYPES)):
        for menu in entities(place, "hasMenu") + entities(place, "menu"):
            add(menu)
    for entity in walk(found, ("hasMenu", "menu", "hasMenuSection", "hasMenuItem")):
        if has_type(entity, ("Menu",)):
            add(entity)
    if not menus:
        menus = [e for e in walk(found, ("hasMenuSection",)) if has_type(e, ("MenuSection",))]
    sections: list[_Section] = []
    named = [m for m in menus if text(m, "name")]
    several = len(named) > 1 and all(has_type(m, ("Menu",)) for m in named)
    for menu in menus[:20]:
        prefix = text(menu, "name", 120) if several else None
        before = len(sections)
        _structured_sections(menu, page, None, sections, 0)
        if several:
            for section in sections[before:]:
                if section.name and prefix and not section.name.startswith(prefix):
                    section.name = f"{prefix} - {section.name}"
    if not sections:
        loose = [e for e in walk(found, ("hasMenuItem",)) if has_type(e, ("MenuItem",))]
        items = [item for e in loose[:MAX_ITEMS] if (item := _structured_item(e, page))]
        if items:
            sections.append(_Section("Menu", None, items))
    if not sections:
        return None
    currencies = [
        item.price.currency
        for section in sections
        for item in section.items
        if item.price is not None and item.price.currency
    ]
    return _Found(sections, currencies, True)


# -- page structure --------------------------------------------------------------------------


@dataclass(eq=False)
class _Line:
    block: LexborNode
    chunks: list[tuple[str, LexborNode]] = field(default_factory=list)
    markers: list[str] = field(default_factory=list)
    closed: bool = False
    kind: str = "text"  # heading, item, price, marker, text, prose, legend, table
    table: list[tuple[str, Any]] = field(default_factory=list)
    name: str = ""
    rest: str = ""
    prices: list[Money] = field(default_factory=list)
    group: int | None = None
    hint: str = ""  # heading tag / "strong" / "class" for heading and name decisions

    @cached_property
    def text(self) -> str:  # read once all chunks are in (lines are classified after reading)
        return collapse(" ".join(chunk for chunk, _ in self.chunks))


def _block_of(node: LexborNode) -> LexborNode:
    current = node
    for _ in range(30):
        if current.tag in BLOCK_TAGS or current.parent is None:
            return current
        current = current.parent
    return current


def _inside(node: LexborNode, ids: set[int], steps: int = 8) -> bool:
    current: LexborNode | None = node
    for _ in range(steps):
        if current is None:
            return False
        if current.mem_id in ids:
            return True
        current = current.parent
    return False


def _group_of(block: LexborNode) -> int | None:
    """The element holding one item (an ``li``, a ``.menu-item``...) around a line, if any."""
    current: LexborNode | None = block
    for _ in range(6):
        if current is None or current.tag in ("body", "main", "ul", "ol", "table", "section"):
            return None
        if current.tag in _ITEM_TAGS:
            return current.mem_id
        for token in (current.attributes.get("class") or "").lower().split()[:10]:
            if _ITEM_CLASS.search(token):
                return current.mem_id
        current = current.parent
    return None


class _Reader:
    """The page's lines and tables, read in document order."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.codes = dict(_DIET_CODES)
        self.lines: list[_Line] = []
        self.tables: dict[int, list[tuple[str, Any]]] = {}
        self.images: list[tuple[int, int | None, dict[str, str | None]]] = []

    # tables

    def _cell_price(self, value: str) -> Money | None:
        found = find_prices(value, self.page.host, 3)
        if len(found) != 1:
            return None
        money = found[0]
        if _LETTERS.search(value.replace(money.text, "")) or not _price_ok(money):
            return None
        return money

    def read_table(self, table: LexborNode) -> list[tuple[str, Any]]:
        events: list[tuple[str, Any]] = []
        caption = table.css_first("caption")
        if caption is not None and (title := node_text(caption, 120)):
            events.append(("heading", title))
        labels: list[str] | None = None
        items = 0
        for row in table.css("tr")[:MAX_ROWS]:
            cells = [c for c in row.iter() if c.tag in ("td", "th")]
            texts = [node_text(c, MAX_LINE_CHARS) for c in cells]
            prices = [self._cell_price(t) if t else None for t in texts]
            priced = [i for i, p in enumerate(prices) if p is not None]
            if not priced:
                filled = [t for t in texts if t]
                if len(filled) == 1 and len(filled[0]) <= 80 and _LETTERS.search(filled[0]):
                    events.append(("heading", filled[0]))
                    labels = None
                elif len(filled) >= 2 and all(len(t) <= 40 for t in filled):
                    labels = texts
                    if texts[0] and _LETTERS.search(texts[0]):
                        events.append(("heading", texts[0]))
                continue
            named = [i for i, t in enumerate(texts) if i not in priced and _LETTERS.search(t)]
            if not named:
                continue
            item = self._cell_item(cells[named[0]], [texts[i] for i in named[1:]])
            if item is None:
                continue
            item.price = prices[priced[0]]
            if len(priced) > 1 and labels is not None and len(labels) == len(cells):
                options = [
                    {"name": labels[i], "price": money_dict(p)}
                    for i in priced
                    if labels[i] and (p := prices[i]) is not None
                ]
                if len(options) > 1:
                    group = _group_name([labels[i] for i in priced if labels[i]])
                    item.option_groups.append({"name": group, "options": options})
            events.append(("item", item))
            items += 1
        return events if items >= 2 else []

    def _cell_item(self, cell: LexborNode, others: list[str]) -> _Item | None:
        chunks = [
            collapse(n.text_content or "")
            for n in cell.traverse(include_text=True)
            if n.tag == "-text" and (n.text_content or "").strip()
        ]
        if not chunks:
            return None
        codes = [c for c in chunks[1:] if _is_code_list(c, self.codes)]
        markers = [label for c in codes for label in _codes(c, self.codes)]
        rest = [c for c in chunks[1:] if c not in codes]
        return self._item(chunks[0], " ".join(rest + others), markers)

    # lines

    def read(self) -> None:
        body = self.page.tree.body
        if body is None:
            return
        for node in body.css(_DROP):
            node.decompose()
        legend = body.text(deep=True, separator=" ")[:200_000]
        for code, word in _LEGEND.findall(legend):
            if (label := _diet_label(word, {})) is not None:
                self.codes.setdefault(code.lower(), label)
        for table in body.css("table")[:MAX_TABLES]:
            nested = len(table.css("table")) > 1  # a layout table: its cells are read as lines
            if not nested and (events := self.read_table(table)):
                self.tables[table.mem_id] = events
        tables = set(self.tables)
        current: _Line | None = None
        waiting: list[str] = []  # diet icons met before their line's text
        for count, node in enumerate(body.traverse(include_text=True)):
            if count > MAX_NODES or len(self.lines) >= MAX_LINES:
                break
            tag = node.tag
            if tag == "-text":
                raw = node.text_content or ""
                parent = node.parent
                if not raw.strip() or parent is None:
                    continue
                block = _block_of(parent)
                in_cell = block.tag in ("td", "th", "caption")
                if tables and in_cell and _inside(block, tables):
                    continue
                if current is None or current.closed or current.block.mem_id != block.mem_id:
                    current = _Line(block)
                    self.lines.append(current)
                    current.markers += waiting
                    waiting = []
                current.chunks.append((raw, parent))
                continue
            if tag in BLOCK_TAGS or tag == "br":
                if current is not None:
                    current.closed = True
                if tag == "table" and node.mem_id in self.tables:
                    line = _Line(node, kind="table", table=self.tables[node.mem_id])
                    self.lines.append(line)
                    current = line
                    current.closed = True
                continue
            if tag == "img":
                self._image(node)
            if tag in ("img", "i", "span", "abbr", "sup", "em", "small"):
                attrs = node.attributes
                hint = " ".join(
                    v for k in ("class", "title", "alt", "aria-label") if (v := attrs.get(k))
                )
                match = _DIET_ATTR.search(hint[:300]) if hint else None
                if match is not None and len(node_text(node, 30)) <= 20:
                    label = _diet_label(match.group(1), {})
                    if label is not None:
                        if current is not None and not current.closed:
                            current.markers.append(label)
                        else:
                            waiting.append(label)

    def _image(self, node: LexborNode) -> None:
        attrs = node.attributes
        raw = attrs.get("src") or ""
        if not raw or raw.startswith("data:"):
            raw = attrs.get("data-src") or attrs.get("data-lazy-src") or raw
        url = self.page.resolve(raw)
        if url is None or len(self.images) >= 500:
            return
        alt = collapse(attrs.get("alt") or "") or None
        self.images.append((len(self.lines), _group_of(_block_of(node)), {"url": url, "alt": alt}))

    # classifying

    def _prices(self, line: _Line) -> tuple[str, str, list[Money]]:
        """(text before the first price, text after it, the prices) of a line."""
        before: list[str] = []
        after: list[str] = []
        prices: list[Money] = []
        chunks = self._joined_symbols([(collapse(c), p) for c, p in line.chunks])
        for i, (chunk, parent) in enumerate(chunks):
            if i and _is_code_list(chunk, self.codes):  # "<abbr>VG</abbr>" after the name
                line.markers += _codes(chunk, self.codes)
                continue
            found = [m for m in find_prices(chunk, self.page.host, 6) if _price_ok(m)]
            accepted: list[Money] = []
            for money in found:
                start = chunk.find(money.text)
                head, tail = chunk[:start], chunk[start + len(money.text) :]
                whole = not _LETTERS.search(head + tail)
                leader = _LEADER.search(head) is not None
                at_end = not tail.strip(_LEADERS + " ")
                # a bare "12" is a price only where it stands apart: its own element, after a
                # leader ("Soup ..... 12"), or at the end of a price-classed element
                priced_class = "price" in (parent.attributes.get("class") or "").lower()
                if (
                    (money.strong and (whole or at_end or leader or i > 0))
                    or whole
                    or (leader and at_end)
                    or (at_end and priced_class)
                ):
                    accepted.append(money)
            if not accepted:
                (after if prices else before).append(chunk)
                continue
            start = chunk.find(accepted[0].text)
            if not prices:
                before.append(chunk[:start])
            tail = chunk[start + len(accepted[0].text) :]
            for money in accepted[1:]:
                tail = tail.replace(money.text, " ", 1)
            after.append(tail)
            prices += accepted
        return collapse(" ".join(before)), collapse(" ".join(after)), prices

    def _joined_symbols(self, chunks: list[tuple[str, LexborNode]]) -> list[tuple[str, LexborNode]]:
        """``<span>$</span>12`` -> one ``$12`` chunk: a symbol in its own element is the
        price's."""
        out: list[tuple[str, LexborNode]] = []
        for chunk, parent in chunks:
            if out and _is_symbol(out[-1][0], self.page.host) and chunk[:1].isdigit():
                out[-1] = (out[-1][0] + chunk, parent)
            elif out and out[-1][0][-1:].isdigit() and _is_symbol(chunk, self.page.host):
                out[-1] = (f"{out[-1][0]} {chunk}", out[-1][1])
            else:
                out.append((chunk, parent))
        return out

    def classify(self, line: _Line) -> None:
        if line.kind == "table":
            return
        value = line.text
        line.group = _group_of(line.block)
        block_tag = line.block.tag or ""
        if len(value) > MAX_LINE_CHARS:
            line.kind = "prose"
            return
        if len(_LEGEND.findall(value)) >= 2:
            line.kind = "legend"
            return
        has_digit = any(c.isdigit() for c in value)
        before, after, prices = self._prices(line) if has_digit else (value, "", [])
        named = _LETTERS.search(_take_markers(before, self.codes)[0]) is not None
        if prices:
            line.prices = prices
            if named and len(before) <= MAX_NAME + 20:
                line.kind, line.name, line.rest = "item", before, after
            elif not named and not _LETTERS.search(_take_markers(after, self.codes)[0]):
                line.kind = "price"
            else:
                line.kind = "text"
            return
        stripped, labels = _take_markers(value, self.codes)
        if (word := _diet_label(value.strip(" .!*()"), {})) is not None:
            labels.append(word)  # a line that only says "Gluten free"
            stripped = ""
        if labels and not _LETTERS.search(stripped):
            line.kind, line.markers = "marker", line.markers + labels
            return
        if _is_code_list(value, self.codes):
            line.kind = "marker"
            line.markers += _codes(value, self.codes)
            return
        classes = line.block.attributes.get("class") or ""
        if block_tag in _HEADINGS and len(value) <= 80:
            line.kind, line.hint = "heading", block_tag
        elif classes and _SECTION_CLASS.search(classes) and len(value) <= 80:
            line.kind, line.hint = "heading", "class"
        elif len(value) <= 60 and all(p.tag in ("strong", "b") for _, p in line.chunks):
            line.kind, line.hint = "heading", "strong"
        else:
            line.kind = "text"
            parents = " ".join((p.attributes.get("class") or "") for _, p in line.chunks[:2])
            if _NAME_CLASS.search(parents + " " + classes):
                line.hint = "name"

    def settle_headings(self) -> None:
        """Headings of a level that mostly sit right above a lone price are item names."""
        followed: Counter[str] = Counter()
        total: Counter[str] = Counter()
        for i, line in enumerate(self.lines):
            if line.kind != "heading":
                continue
            total[line.hint] += 1
            for after in self.lines[i + 1 : i + 4]:
                if after.kind == "price":
                    followed[line.hint] += 1
                    break
                if after.kind in ("heading", "item", "table", "prose"):
                    break
        for line in self.lines:
            if line.kind != "heading":
                continue
            hint = line.hint
            is_name = followed[hint] >= 2 and followed[hint] * 5 >= total[hint] * 3
            if hint == "strong" and (total[hint] < 2 or is_name):
                is_name = True  # a lone bold line is text, not a section
            if is_name:
                line.kind, line.hint = "text", "name"

    def settle_groups(self) -> None:
        """A container holding several priced lines holds several items: not one item's."""
        named: Counter[int] = Counter()
        priced: Counter[int] = Counter()
        for line in self.lines:
            if line.group is not None:
                named[line.group] += line.kind == "item"
                priced[line.group] += line.kind == "price"
        for line in self.lines:
            if line.group is not None and (named[line.group] > 1 or priced[line.group] > 2):
                line.group = None

    # items

    def _item(self, name: str, rest: str, markers: list[str]) -> _Item | None:
        name, labels = _take_markers(name, self.codes)
        name, calories = _take_calories(name)
        name = _strip_leaders(name)
        rest, more = _take_markers(rest, self.codes)
        rest, rest_calories = _take_calories(rest)
        rest = _strip_leaders(rest)
        if not rest:
            for separator in (" \u2013 ", " \u2014 ", " - ", ": "):
                head, found, tail = name.partition(separator)
                if found and 2 <= len(head) <= 60 and len(tail) >= 8:
                    name, rest = head.strip(), tail.strip()
                    break
        words = name.split()
        while words and self.codes.get(words[-1].lower().strip(".,*")) and len(words) > 1:
            labels.append(self.codes[words.pop().lower().strip(".,*")])
        name = " ".join(words)
        if not _LETTERS.search(name) or len(name) > MAX_NAME:
            return None
        item = _Item(name=name, description=rest[:MAX_DESCRIPTION] or None)
        item.calories = calories if calories is not None else rest_calories
        _add_diet(item, labels + more + markers)
        return item

    def _describe(self, item: _Item, lines: list[_Line]) -> None:
        for line in lines:
            value, labels = _take_markers(line.text, self.codes)
            value, calories = _take_calories(value)
            _add_diet(item, labels + line.markers)
            if calories is not None and item.calories is None:
                item.calories = calories
            value = _strip_leaders(value)
            if value and _LETTERS.search(value):
                joined = f"{item.description} {value}" if item.description else value
                item.description = joined[:MAX_DESCRIPTION]

    def sections(self) -> list[_Section]:
        for line in self.lines:
            self.classify(line)
        self.settle_headings()
        self.settle_groups()
        sections: list[_Section] = [_Section(None)]
        pending: list[_Line] = []
        last: _Item | None = None
        last_group: int | None = None
        last_parent: int | None = None
        placed: list[tuple[_Item, int, int | None]] = []  # item, line index, group

        def settle() -> None:
            """Text lines waiting since the last item: its description (when they sit in its
            container, or beside it in a flat layout), or the section's introduction."""
            nonlocal pending
            keep = pending
            pending = []
            if not keep:
                return
            if last is not None:
                if last_group is not None:
                    mine = [ln for ln in keep if ln.group == last_group]
                else:
                    mine = [ln for ln in keep if _parent_id(ln) == last_parent]
                self._describe(last, mine)
            elif not sections[-1].items and sections[-1].description is None:
                intro = " ".join(ln.text for ln in keep[:2] if ln.kind == "text")
                sections[-1].description = intro[:300] or None

        def add(item: _Item, index: int, group: int | None, parent: int | None) -> None:
            nonlocal last, last_group, last_parent
            if sum(len(s.items) for s in sections) >= MAX_ITEMS:
                return
            sections[-1].items.append(item)
            placed.append((item, index, group))
            last, last_group, last_parent = item, group, parent

        for index, line in enumerate(self.lines):
            kind = line.kind
            if kind == "table":
                settle()
                for event, value in line.table:
                    if event == "heading":
                        sections.append(_Section(value))
                    else:
                        add(value, index, None, None)
                last = None
            elif kind == "heading":
                settle()
                if len(sections) < MAX_SECTIONS:
                    sections.append(_Section(line.text))
                last, last_group = None, None
            elif kind == "item":
                same = [ln for ln in pending if ln.group is not None and ln.group == line.group]
                pending = [ln for ln in pending if all(ln is not s for s in same)]
                settle()
                item = self._item(line.name, line.rest, line.markers)
                if item is not None:
                    item.price = line.prices[0]
                    self._describe(item, same)
                    add(item, index, line.group, _parent_id(line))
            elif kind == "price":
                if not pending:
                    continue  # a second price of the last item (a size), or a stray one
                same = [ln for ln in pending if ln.group is not None and ln.group == line.group]
                if same:
                    pending = [ln for ln in pending if all(ln is not s for s in same)]
                    settle()
                    head, tail = same[0], same[1:]
                else:
                    names = [i for i, ln in enumerate(pending) if ln.hint == "name"]
                    if names:
                        cut = names[-1]
                    elif last is not None and last.description is None and len(pending) >= 2:
                        cut = 1
                    else:
                        cut = 0
                    head, tail = pending[cut], pending[cut + 1 :]
                    pending = pending[:cut]
                    settle()
                item = self._item(head.text, "", head.markers)
                if item is not None:
                    item.price = line.prices[0]
                    self._describe(item, tail)
                    add(item, index, line.group or head.group, _parent_id(head))
            elif kind == "marker":
                if pending:
                    pending[-1].markers += line.markers
                elif last is not None:
                    _add_diet(last, line.markers)
            elif kind == "text":
                pending.append(line)
                if len(pending) > 40:
                    del pending[:-40]  # a long run of text is no item's description
            elif kind in ("prose", "legend"):
                settle()
                last = None
        settle()
        self._attach_images(placed)
        return [s for s in sections if s.items]

    def _attach_images(self, placed: list[tuple[_Item, int, int | None]]) -> None:
        by_group = {group: item for item, _, group in placed if group is not None}
        for _, group, image in self.images:
            item = by_group.get(group) if group is not None else None
            if item is not None and len(item.images) < 5:
                item.images.append(image)


def _parent_id(line: _Line) -> int | None:
    parent = line.block.parent
    return parent.mem_id if parent is not None else None


def _is_symbol(value: str, host: str) -> bool:
    return (
        0 < len(value) <= 4
        and not any(c.isdigit() for c in value)
        and bool(find_currency(value, host))
    )


def _codes(value: str, codes: dict[str, str]) -> list[str]:
    return [c for p in re.split(r"[\s,/]+", value) if (c := codes.get(p.lower()))]


def _is_code_list(value: str, codes: dict[str, str]) -> bool:
    parts = [p for p in re.split(r"[\s,/]+", value.strip()) if p]
    return 0 < len(parts) <= 4 and all(p.isupper() and p.lower() in codes for p in parts)


def _stated_currency(page: Page, lines: list[_Line]) -> str | None:
    for line in lines[:MAX_LINES]:
        if line.kind in ("text", "prose", "legend", "heading") and (
            match := _STATED.search(line.text)
        ):
            code = currency_code(match.group(1), page.host)
            if code is not None:
                return code
    return None


def _page_menu(page: Page) -> _Found:
    reader = _Reader(page)
    reader.read()
    sections = reader.sections()
    currencies = [
        item.price.currency
        for section in sections
        for item in section.items
        if item.price is not None and item.price.currency
    ]
    stated = _stated_currency(page, reader.lines)
    if stated is not None:
        currencies.append(stated)
    return _Found(sections, currencies, False)


# -- scoring and output ----------------------------------------------------------------------


def _merchant(found: list[Entity], page: Page) -> dict[str, Any]:
    for entity in walk(found, _NOT_THE_PAGES):
        if has_type(entity, RESTAURANT_TYPES) and (name := text(entity, "name", 200)):
            kind = next(RESTAURANT_TYPES[t] for t in entity["@type"] if t in RESTAURANT_TYPES)
            return {"name": name, "type": kind}
    site = page.meta_first("og:site_name")
    if site:
        return {"name": collapse(site)[:200]}
    for entity in found:
        if has_type(entity, _ORGANISATIONS) and (name := text(entity, "name", 200)):
            return {"name": name}
    title = page.title()
    if title:
        parts = [p.strip() for p in re.split(r"\s[|\u2013\u2014·-]\s", title) if p.strip()]
        plain = [p for p in parts if not _MENU_WORDS.search(p) and not _FOOD_WORDS.fullmatch(p)]
        if plain:
            return {"name": plain[-1] if len(parts) > 1 else plain[0]}
    return {"name": page.host.removeprefix("www.") or "unknown"}


def _score(found: _Found, page: Page, entities_found: list[Entity]) -> float:
    if found.structured:
        priced = any(i.price for s in found.sections for i in s.items)
        return 0.95 if priced else 0.9
    items = sum(len(s.items) for s in found.sections)
    named = [s.name for s in found.sections if s.name]
    path = ""
    try:
        path = urlsplit(page.url).path
    except ValueError:
        pass
    words = " ".join(filter(None, [page.title(), page.h1(), page.meta_first("og:title"), path]))
    menu_word = _MENU_WORDS.search(words.replace("-", " ").replace("/", " ")) is not None
    restaurant = any(has_type(e, RESTAURANT_TYPES) for e in walk(entities_found))
    if items == 0:
        return 0.1 if menu_word or restaurant else 0.02
    score = 0.3 if items >= 3 else 0.1
    score += 0.1 if items >= 8 else 0.0
    score += 0.15 if len(named) >= 2 else 0.0
    score += 0.25 if menu_word else 0.0
    score += 0.15 if restaurant else 0.0
    if named:
        score += 0.15 * sum(1 for n in named if _FOOD_WORDS.search(n)) / len(named)
    if any(has_type(e, _PRODUCTS) for e in walk(entities_found)):
        score -= 0.4
    if "product" in (page.meta_first("og:type") or "").lower():
        score -= 0.3
    buttons = sum(1 for b in page.tree.css("button, a")[:400] if _BUY.search(node_text(b, 60)))
    if buttons >= 2 and not menu_word:
        score -= 0.3
    if items < 3:
        score = min(score, 0.3)
    return round(max(0.0, min(score, 0.9)), 2)


def _item_dict(
    item: _Item, section_id: str, used: set[str], source_url: str, currency: str | None
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": unique_id(f"{section_id}-{slug(item.name)}", used),
        "name": item.name,
        "description": item.description,
        "images": item.images,
    }
    if item.price is not None:
        price = item.price
        if price.currency is None and currency is not None:
            price = Money(price.amount, currency, price.text)
        out["price"] = money_dict(price)
    out["availability"] = {"inStock": item.in_stock, "text": item.stock_text}
    out["dietary"] = item.dietary
    out["calories"] = item.calories
    out["optionGroups"] = item.option_groups
    if item.merchant_id:
        out["identifiers"] = {"merchantItemId": item.merchant_id}
    out["url"] = item.url
    out["sourceUrl"] = source_url
    return out


def _extract(html: str, url: str) -> dict[str, Any]:
    page = Page(html, url)
    found_entities = read_entities(page)
    merchant = _merchant(found_entities, page)
    found = _structured_menu(found_entities, page)
    if found is None:
        found = _page_menu(page)
    confidence = _score(found, page, found_entities)
    is_menu = confidence >= 0.5 and bool(found.sections)
    out: dict[str, Any] = {"isMenu": is_menu, "confidence": confidence, "merchant": merchant}
    currency = Counter(found.currencies).most_common(1)[0][0] if found.currencies else None
    if is_menu and currency is not None:
        out["currency"] = currency
    sections: list[dict[str, Any]] = []
    if is_menu:
        used: set[str] = set()
        for section in found.sections:
            name = section.name or "Menu"
            section_id = unique_id(slug(name), used)
            items = [_item_dict(i, section_id, used, url, currency) for i in section.items]
            sections.append(
                {"id": section_id, "name": name, "description": section.description, "items": items}
            )
    out["sections"] = sections
    out["sourceUrl"] = url
    return out


def extract_menu(html: str, url: str) -> dict[str, Any]:
    """The ``data.menu`` object of a page; ``isMenu`` false (and no sections) when the page
    shows no menu. Pure: no network, no model; bounded work, and it never raises."""
    try:
        return _extract(html, url)
    except Exception:  # a hostile page must not fail the scrape: report no menu
        log.warning("menu_extraction_failed", url=url[:300], exc_info=True)
        host = ""
        try:
            host = urlsplit(url).hostname or ""
        except ValueError:
            pass
        return {
            "isMenu": False,
            "confidence": 0.0,
            "merchant": {"name": host or "unknown"},
            "sections": [],
            "sourceUrl": url,
        }


__all__ = ["RESTAURANT_TYPES", "extract_menu"]
