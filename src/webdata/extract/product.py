"""The ``product`` format, without a model: a product page's title, canonical URL, brand,
category, description and variants (price, sale, availability, images).

Read from the page's structured data (:mod:`webdata.extract.structured_data`: JSON-LD,
microdata, RDFa, OpenGraph product tags), filled in from the visible page where the data is
silent (a struck-through original price, a currency symbol, a breadcrumb trail), and from the
page structure alone (``<h1>``, a price block, an add-to-cart button) when there is no data.
A page that shows no single product (an article, a listing of many products) gives None.

The output is the spec's ``data.product`` shape in camelCase; optional fields are left out
when unknown.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import structlog
from selectolax.lexbor import LexborNode

from webdata.extract.structured_data import (
    Entity,
    Money,
    Page,
    clean_text,
    currency_code,
    display,
    entities,
    find_currency,
    find_prices,
    first,
    format_like,
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
    visible_availability,
    walk,
)

log = structlog.get_logger("webdata.extract.product")

PRODUCT_TYPES = frozenset(
    {
        "Product", "ProductGroup", "IndividualProduct", "ProductModel", "SomeProducts",
        "Vehicle", "Car", "Motorcycle",
    }
)  # fmt: skip
# Products reached through these keys are not the page's subject (listings, related items,
# reviews of something) or are read elsewhere (variants, offers).
_NOT_MAIN = frozenset(
    {
        "itemListElement", "isRelatedTo", "isSimilarTo", "isAccessoryOrSparePartFor",
        "isConsumableFor", "itemReviewed", "hasVariant", "isVariantOf", "model", "offers",
        "review", "itemOffered", "hasPart", "isPartOf", "mentions", "relatedLink",
    }
)  # fmt: skip
_SOURCE_RANK = {"json-ld": 0, "microdata": 1, "rdfa": 2, "opengraph": 3}
_ORIGINAL_PRICE_TYPES = frozenset({"StrikethroughPrice", "ListPrice", "MSRP", "SRP"})
_VARIANT_PROPS = {
    "color": "Color", "size": "Size", "material": "Material", "pattern": "Pattern",
    "suggestedAge": "Age", "suggestedGender": "Gender",
}  # fmt: skip
_HOME = frozenset({"home", "homepage", "home page", "start", "startseite", "accueil", "inicio"})
MAX_VARIANTS = 100
MAX_OFFERS = 100
MAX_IMAGES = 20
MAX_DESCRIPTION = 5_000
MAX_TITLE = 500

_PRICE_BLOCKS = '[itemprop="price"], [class*="price" i], [id*="price" i]'
_STRUCK = "del, s, strike"
_ORIGINAL_BLOCKS = (
    'del, s, strike, [class*="compare" i], [class*="was-price" i], [class*="old-price" i], '
    '[class*="price-old" i], [class*="original-price" i], [class*="list-price" i], '
    '[class*="regular-price" i], [class*="strikethrough" i]'
)
_AWAY = frozenset({"nav", "aside"})
_AWAY_CLASS = re.compile(r"related|upsell|cross-?sell|recommend|similar|recently|carousel", re.I)
_BUY = re.compile(
    r"add to (?:cart|bag|basket|trolley)|buy (?:it )?now|in den warenkorb|ajouter au panier|"
    r"añadir al carrito|aggiungi al carrello|in (?:de )?winkelwagen|add to order",
    re.IGNORECASE,
)
_BUY_CONTROLS = (
    'button, input[type="submit"], input[type="button"], [name="add-to-cart"], '
    '[class*="add-to-cart" i], [class*="addtocart" i], form[action*="/cart" i]'
)
_STOCK_BLOCKS = (
    '[itemprop="availability"], [class*="stock" i], [class*="availability" i], '
    '[id*="availability" i], [class*="sold-out" i], [class*="soldout" i]'
)


class _Context:
    """The page and what several fields read from it, computed once."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.canonical = page.canonical()
        self.currency = currency_code(
            page.meta_first("product:price:currency", "og:price:currency"), page.host
        )
        self._visible: list[Money] | None = None
        self._buy: int | None = None
        self._stock: tuple[tuple[bool, str] | None] | None = None

    def visible_prices(self) -> list[Money]:
        """Prices shown in the page's price blocks (outside navigation and related items)."""
        if self._visible is None:
            self._visible = []
            for node in self.page.tree.css(_PRICE_BLOCKS)[:60]:
                if _away(node):
                    continue
                shown = node_text(node, 300)
                self._visible += [m for m in find_prices(shown, self.page.host) if m.strong]
        return self._visible

    def shown_as(self, amount: float, currency: str | None) -> Money | None:
        """A price block showing this amount with its currency symbol or code."""
        for money in self.visible_prices():
            same = currency is None or money.currency == currency
            if abs(money.amount - amount) < 0.005 and money.currency is not None and same:
                return money
        return None

    def shown_in(self, currency: str | None) -> Money | None:
        """A price block's price in this currency, as a sample of how the page writes it."""
        if currency is None:
            return None
        return next((m for m in self.visible_prices() if m.currency == currency), None)

    def stock(self) -> tuple[bool, str] | None:
        """The page's own words about stock, if any."""
        if self._stock is None:
            self._stock = (_visible_stock(self.page),)
        return self._stock[0]

    def buy_buttons(self) -> int:
        if self._buy is None:
            self._buy = _count_buy_buttons(self.page)
        return self._buy


def _away(node: LexborNode) -> bool:
    """Whether ``node`` sits in navigation, the site's header or footer, or a block of other
    products (a ``<header>`` inside ``<main>`` / ``<article>`` is the content's own)."""
    current: LexborNode | None = node
    chrome = False
    for _ in range(30):
        if current is None:
            break
        tag = current.tag
        if tag in _AWAY:
            return True
        if tag in ("header", "footer"):
            chrome = True
        elif tag in ("main", "article"):
            return False
        classes = current.attributes.get("class") or ""
        if classes and _AWAY_CLASS.search(classes[:300]):
            return True
        current = current.parent
    return chrome


def _count_buy_buttons(page: Page) -> int:
    """Add-to-cart controls on the page (one on a product page, many on a listing)."""
    count = 0
    for node in page.tree.css(_BUY_CONTROLS)[:120]:
        attrs = node.attributes
        label = node_text(node, 100) or attrs.get("value") or attrs.get("aria-label") or ""
        if node.tag == "form" or attrs.get("name") == "add-to-cart" or _BUY.search(label):
            count += 1
    return count


# -- prices and offers -----------------------------------------------------------------------


def _token(text_value: str | None, amount: float, host: str) -> Money | None:
    """The price in ``text_value`` with this amount, as written."""
    if not text_value:
        return None
    for money in find_prices(text_value, host):
        if abs(money.amount - amount) < 0.005:
            return money
    return None


def _money(raw: Any, currency: str | None, shown: str | None, ctx: _Context) -> Money | None:
    """A structured price (number or string) with its currency and its form on the page."""
    host = ctx.page.host
    amount = parse_amount(raw, dot_decimal=True)
    if amount is None and shown:
        amount = parse_amount(shown)
    if amount is None:
        return None
    if currency is None and isinstance(raw, str):
        currency = find_currency(raw, host)
    written = _token(shown, amount, host)
    if written is None or written.currency is None:
        # the data's own text is a bare number: the page may show it with its symbol
        written = ctx.shown_as(amount, currency) or written
    currency = currency or (written.currency if written is not None else None) or ctx.currency
    if written is not None and written.currency is None and currency is not None:
        written = None  # "35.00" next to a separate "£": write it whole
    if written is not None:
        formatted = written.text
    elif (sample := ctx.shown_in(currency)) is not None:
        formatted = format_like(sample, amount)  # as the page writes its other prices
    else:
        formatted = format_money(amount, currency)
    return Money(amount, currency, formatted)


def _offers(entity: Entity) -> list[Entity]:
    """The entity's offers, an ``AggregateOffer``'s own offers spread out."""
    out: list[Entity] = []
    for offer in entities(entity, "offers")[:MAX_OFFERS]:
        inner = entities(offer, "offers") if has_type(offer, ("AggregateOffer",)) else []
        out += inner[:MAX_OFFERS] if inner else [offer]
    return out[:MAX_OFFERS]


def _offer_prices(offer: Entity, ctx: _Context) -> tuple[Money | None, Money | None]:
    """(current price, original price) of an offer; the original one only from a
    ``StrikethroughPrice`` / ``ListPrice`` price specification."""
    currency = currency_code(first(offer, "priceCurrency"), ctx.page.host)
    current: Money | None = None
    original: Money | None = None
    for spec in entities(offer, "priceSpecification")[:10]:
        spec_currency = currency_code(first(spec, "priceCurrency"), ctx.page.host) or currency
        raw = first(spec, "price")
        if raw is None:
            raw = first(spec, "minPrice")
        money = _money(raw, spec_currency, None, ctx)
        price_type = short_name(text(spec, "priceType") or "")
        if price_type in _ORIGINAL_PRICE_TYPES:
            original = original or money
        elif current is None:
            current = money
        currency = currency or spec_currency
    for key in ("price", "lowPrice"):
        raw = first(offer, key)
        if raw is not None and (direct := _money(raw, currency, display(offer, key), ctx)):
            current = direct
            break
    if original is not None and original.currency is None and current is not None:
        original = Money(original.amount, current.currency, original.text)
    return current, original


def _visible_original(ctx: _Context, current: Money) -> Money | None:
    """A struck-through / "compare at" price near the current price that is higher than it."""
    host = ctx.page.host
    for node in ctx.page.tree.css(_ORIGINAL_BLOCKS)[:60]:
        tokens = [m for m in find_prices(node_text(node, 200), host) if m.strong]
        if not tokens or tokens[0].amount <= current.amount or _away(node):
            continue
        ancestor = node.parent
        for _ in range(3):
            if ancestor is None:
                break
            near = find_prices(node_text(ancestor, 400), host)
            if any(abs(m.amount - current.amount) < 0.005 for m in near):
                original = tokens[0]
                return Money(original.amount, original.currency or current.currency, original.text)
            ancestor = ancestor.parent
    return None


def _visible_price(ctx: _Context) -> tuple[Money | None, Money | None]:
    """(current, original) from the first price block of the page, for pages without data."""
    host = ctx.page.host
    for node in ctx.page.tree.css(_PRICE_BLOCKS)[:60]:
        if _away(node):
            continue
        shown = [m for m in find_prices(node_text(node, 300), host) if m.strong]
        if not shown:
            continue
        struck = [
            m
            for struck_node in node.css(_STRUCK)[:5]
            for m in find_prices(node_text(struck_node, 100), host)
            if m.strong
        ]
        struck_amounts = {m.amount for m in struck}
        current = next((m for m in shown if m.amount not in struck_amounts), None)
        if current is None:
            continue
        currency = current.currency or ctx.currency
        current = Money(current.amount, currency, current.text)
        original = next((m for m in struck if m.amount > current.amount), None)
        if original is not None:
            original = Money(original.amount, original.currency or currency, original.text)
        else:  # the struck price may sit in a block of its own beside this one
            original = _visible_original(ctx, current)
        return current, original
    return None, None


def _visible_stock(page: Page) -> tuple[bool, str] | None:
    for node in page.tree.css(_STOCK_BLOCKS)[:15]:
        if node.tag == "link" or _away(node):
            continue
        found = visible_availability(node_text(node, 200))
        if found is not None:
            return found
    return None


# -- variants --------------------------------------------------------------------------------


def _id_from(ref: Any) -> str | None:
    """A variant id from an ``@id`` / URL: Shopify's ``?variant=123``, or a non-URL id."""
    if not isinstance(ref, str) or not ref.strip() or len(ref) > 300:
        return None
    value: str = ref.strip()
    if "variant=" in value:
        try:
            found = parse_qs(urlsplit(value).query).get("variant")
        except ValueError:
            found = None
        if found and found[0].strip():
            return found[0].strip()[:100]
    if value.startswith("#") or "/" in value or ":" in value:
        return None
    return value[:100]


def _variant_values(entity: Entity, varies: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    keys = [k for k in varies if k in entity] + [k for k in _VARIANT_PROPS if k not in varies]
    for key in keys:
        if (value := text(entity, key, 200)) is not None:
            out[_VARIANT_PROPS.get(key, key[:1].upper() + key[1:])] = value
    for prop in entities(entity, "additionalProperty")[:20]:
        name, value = text(prop, "name", 100), text(prop, "value", 200)
        if name and value and name not in out:
            out[name] = value
    return out


def _images(entity: Entity | None, ctx: _Context) -> list[dict[str, str]]:
    if entity is None:
        return []
    out: list[dict[str, str]] = []
    seen: set[str] = set()
    for value in values(entity, "image")[:MAX_IMAGES]:
        alt: str | None = None
        if isinstance(value, dict):
            raw = first(value, "contentUrl") or first(value, "url") or value.get("@id")
            alt = text(value, "caption", 300) or text(value, "name", 300)
        else:
            raw = value
        url = ctx.page.resolve(raw)
        if url is None or url in seen:
            continue
        seen.add(url)
        alt = alt or ctx.page.img_alt(url)
        out.append({"url": url, "alt": alt} if alt else {"url": url})
    return out


def _variant(
    *,
    ident: str | None,
    sku: str | None,
    title: str | None,
    variant_values: dict[str, str] | None,
    price: Money | None,
    original: Money | None,
    availability: tuple[bool, str | None],
    images: list[dict[str, str]],
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if ident:
        out["id"] = ident
    if sku:
        out["sku"] = sku
    if title:
        out["title"] = title
    if variant_values:
        out["values"] = variant_values
    if price is not None:
        out["price"] = money_dict(price)
        if original is not None and original.amount > price.amount:
            out["sale"] = {"originalPrice": money_dict(original)}
    in_stock, label = availability
    out["availability"] = {"inStock": in_stock, "text": label} if label else {"inStock": in_stock}
    if images:
        out["images"] = images
    return out


def _availability(offer: Entity | None, ctx: _Context) -> tuple[bool, str | None]:
    """From the offer; else the page's own words; else in stock (the page sells it)."""
    if offer is not None and (found := parse_availability(first(offer, "availability"))):
        return found
    if (shown := ctx.stock()) is not None:
        return shown
    return True, None


def _product_variant(
    product: Entity,
    offer: Entity | None,
    ctx: _Context,
    *,
    titled: bool,
    varies: list[str],
    images: list[dict[str, str]],
    only: bool = False,
) -> dict[str, Any]:
    """A variant from a product-like entity and its offer; ``only``: the page's single
    variant, so the visible price block may complete its price and sale."""
    current, original = _offer_prices(offer, ctx) if offer is not None else (None, None)
    if only and current is None:
        current, original = _visible_price(ctx)
    elif only and current is not None and original is None:
        original = _visible_original(ctx, current)
    ident = text(product, "productID", 100) or text(product, "identifier", 100)
    ident = ident or _id_from(product.get("@id")) or _id_from(first(product, "url"))
    if offer is not None:
        ident = ident or _id_from(offer.get("@id")) or _id_from(first(offer, "url"))
    sku = text(product, "sku", 100) or (text(offer, "sku", 100) if offer is not None else None)
    return _variant(
        ident=ident,
        sku=sku,
        title=text(product, "name", MAX_TITLE) if titled else None,
        variant_values=_variant_values(product, varies) if titled else None,
        price=current,
        original=original,
        availability=_availability(offer, ctx),
        images=_images(product, ctx) or images,
    )


def _offer_variants(
    offers: list[Entity], ctx: _Context, images: list[dict[str, str]]
) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for offer in offers[:MAX_VARIANTS]:
        current, original = _offer_prices(offer, ctx)
        item = next(iter(entities(offer, "itemOffered")), None)
        title = text(offer, "name", MAX_TITLE) or (text(item, "name") if item else None)
        ident = _id_from(offer.get("@id")) or _id_from(first(offer, "url"))
        out.append(
            _variant(
                ident=ident,
                sku=text(offer, "sku", 100) or (text(item, "sku", 100) if item else None),
                title=title,
                variant_values=_variant_values(item, []) if item else None,
                price=current,
                original=original,
                availability=_availability(offer, ctx),
                images=_images(item, ctx) or images,
            )
        )
    return out


def _distinct(offers: list[Entity]) -> bool:
    """Whether several offers are several variants (not one item from several sellers)."""
    keys = {(text(o, "sku"), text(o, "name"), text(o, "url")) for o in offers}
    return len(offers) > 1 and len(keys) == len(offers)


def _varies(group: Entity) -> list[str]:
    return [short_name(v) for v in values(group, "variesBy")[:10] if isinstance(v, str)]


def _variants(
    main: Entity, group: Entity | None, ctx: _Context, images: list[dict[str, str]]
) -> list[dict[str, Any]]:
    if has_type(main, ("ProductGroup",)) and (members := entities(main, "hasVariant")):
        varies = _varies(main)
        shared = _offers(main)
        out = []
        for member in members[:MAX_VARIANTS]:
            if "name" not in member and "offers" not in member and "sku" not in member:
                continue  # an @id reference the page does not describe
            offers = _offers(member) or shared
            out.append(
                _product_variant(
                    member,
                    offers[0] if offers else None,
                    ctx,
                    titled=True,
                    varies=varies,
                    images=images,
                )
            )
        if out:
            return out
    offers = _offers(main)
    if _distinct(offers):
        return _offer_variants(offers, ctx, images)
    titled = group is not None  # a variant page of a group: the variant has its own name
    varies = _varies(group) if group is not None else []
    offer = offers[0] if offers else None
    return [
        _product_variant(main, offer, ctx, titled=titled, varies=varies, images=images, only=True)
    ]


# -- the product -----------------------------------------------------------------------------


def _page_key(url: str | None) -> str | None:
    if not url:
        return None
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    return f"{parts.netloc.lower()}{parts.path.rstrip('/')}"


def _main_product(found: list[Entity], ctx: _Context) -> Entity | None:
    candidates = [e for e in walk(found, _NOT_MAIN) if has_type(e, PRODUCT_TYPES)]
    if not candidates:
        return None
    order = {id(c): i for i, c in enumerate(candidates)}
    candidates.sort(
        key=lambda c: (
            not has_type(c, ("ProductGroup",)),
            _SOURCE_RANK.get(c.get("@source", ""), 9),
            order[id(c)],
        )
    )
    page_key = _page_key(ctx.canonical) or _page_key(ctx.page.url)
    for candidate in candidates:
        if candidate.get("@source") == "opengraph":
            continue  # og:url names the page, whatever product the page is about
        url = ctx.page.resolve(first(candidate, "url")) or ctx.page.resolve(candidate.get("@id"))
        if page_key and _page_key(url) == page_key:
            return candidate
    if has_type(candidates[0], ("ProductGroup",)):
        return candidates[0]
    heading = (ctx.page.h1() or "").casefold()
    for candidate in candidates:
        if heading and (text(candidate, "name") or "").casefold() == heading:
            return candidate
    standalone = [
        c
        for c in candidates
        if c.get("@source") != "opengraph"
        and "isVariantOf" not in c
        and "inProductGroupWithID" not in c
    ]
    names = {(text(c, "name") or "").casefold() for c in standalone}
    if len(names) > 2:
        return None  # many products and none is the page's: a listing
    return candidates[0]


def _category_of(entity: Entity | None) -> str | None:
    if entity is None:
        return None
    found = [c for c in (text({"c": v}, "c", 300) for v in values(entity, "category")[:6]) if c]
    found = [c for c in found if not c.isdigit() and not c.startswith(("http://", "https://"))]
    if not found:
        return None
    return found[0] if len(found) == 1 else " > ".join(found)


def _trail(names: list[str], title: str) -> str | None:
    while names and names[0].casefold() in _HOME:
        names = names[1:]
    if names and names[-1].casefold() == title.casefold():
        names = names[:-1]
    return " > ".join(names) if names else None


def _breadcrumbs(found: list[Entity], ctx: _Context, title: str) -> str | None:
    for trail in (e for e in walk(found) if has_type(e, ("BreadcrumbList",))):
        crumbs: list[tuple[float, int, str]] = []
        for i, item in enumerate(entities(trail, "itemListElement")[:20]):
            name = text(item, "name", 200)
            if name is None:
                name = next((text(e, "name", 200) for e in entities(item, "item")), None)
            position = parse_amount(first(item, "position"), dot_decimal=True)
            if name:
                crumbs.append((position if position is not None else float(i), i, name))
        if crumbs:
            return _trail([name for _, _, name in sorted(crumbs)], title)
    selector = 'nav[aria-label*="breadcrumb" i], [class*="breadcrumb" i], [id*="breadcrumb" i]'
    node = ctx.page.tree.css_first(selector)
    if node is None:
        return None
    names = [name for a in node.css("a")[:12] if (name := node_text(a, 200))]
    return _trail(names, title) if names else None


def _clean(value: str | None, limit: int) -> str | None:
    return clean_text(value, limit) or None if value else None


_SITE_SEPARATORS = (" | ", " - ", " \u2013 ", " \u2014 ", " \u00b7 ", " :: ", " : ")


def _without_site_name(title: str, site: str | None) -> str:
    """``"Lamp — Maison Lumen"`` -> ``"Lamp"`` when the site is called Maison Lumen."""
    if not site:
        return title
    for separator in _SITE_SEPARATORS:
        for candidate in (
            title.removesuffix(separator + site),
            title.removeprefix(site + separator),
        ):
            if candidate != title and candidate.strip():
                return candidate.strip()
    return title


def _product(main: Entity, found: list[Entity], ctx: _Context) -> dict[str, Any] | None:
    page = ctx.page
    group: Entity | None = None
    parent = next(iter(entities(main, "isVariantOf")), None)
    if parent is not None and not has_type(main, ("ProductGroup",)):
        if entities(parent, "hasVariant"):
            main = parent
        else:
            group = parent
    graph = next((e for e in found if e.get("@source") == "opengraph"), None)
    sources = [e for e in (group, main, graph) if e is not None]
    title = text(group, "name", MAX_TITLE) if group is not None else None
    title = title or text(main, "name", MAX_TITLE)
    title = title or _clean(page.meta_first("og:title"), MAX_TITLE) or page.h1() or page.title()
    if not title:
        return None
    title = _without_site_name(title, page.meta_first("og:site_name"))
    url = ctx.canonical or page.resolve(page.meta_first("og:url"))
    url = url or page.resolve(first(main, "url")) or page.url
    out: dict[str, Any] = {"title": title, "url": url}
    brand = next((b for e in sources if (b := text(e, "brand", 200))), None)
    if brand:
        out["brand"] = brand
    category = _category_of(main) or _category_of(group) or _breadcrumbs(found, ctx, title)
    if category:
        out["category"] = category
    description = next((d for e in sources if (d := text(e, "description", MAX_DESCRIPTION))), None)
    description = description or _clean(page.meta_first("og:description", "description"), 5000)
    if description:
        out["description"] = description
    images = next((i for e in sources if (i := _images(e, ctx))), [])
    out["variants"] = _variants(main, group, ctx, images)
    return out


def _page_product(ctx: _Context) -> dict[str, Any] | None:
    """A product page without structured data: a heading, a price block, a buy button."""
    page = ctx.page
    title = page.h1()
    if not title or not 0 < ctx.buy_buttons() <= 2:
        return None  # nothing to buy, or many things: a listing
    current, original = _visible_price(ctx)
    if current is None:
        return None
    out: dict[str, Any] = {"title": title, "url": ctx.canonical or page.url}
    category = _breadcrumbs([], ctx, title)
    if category:
        out["category"] = category
    if description := _clean(page.meta_first("og:description", "description"), 5000):
        out["description"] = description
    images: list[dict[str, str]] = []
    for raw in (page.meta.get("og:image") or [])[:MAX_IMAGES]:
        if (url := page.resolve(raw)) is not None:
            alt = page.img_alt(url)
            images.append({"url": url, "alt": alt} if alt else {"url": url})
    out["variants"] = [
        _variant(
            ident=None,
            sku=None,
            title=None,
            variant_values=None,
            price=current,
            original=original,
            availability=_availability(None, ctx),
            images=images,
        )
    ]
    return out


def _lists_products(entity: Entity) -> bool:
    if not has_type(entity, ("ItemList", "OfferCatalog")):
        return False
    for element in entities(entity, "itemListElement")[:20]:
        if has_type(element, PRODUCT_TYPES) or any(
            has_type(item, PRODUCT_TYPES) for item in entities(element, "item")
        ):
            return True
    return False


def _extract(html: str, url: str) -> dict[str, Any] | None:
    page = Page(html, url)
    ctx = _Context(page)
    found = read_entities(page)
    main = _main_product(found, ctx)
    if main is None:
        if any(_lists_products(e) for e in walk(found)):
            return None  # the data describes a listing of products
        return _page_product(ctx)
    return _product(main, found, ctx)


def extract_product(html: str, url: str) -> dict[str, Any] | None:
    """The ``data.product`` object of a page, or None when the page is not a product page.

    Pure: no network, no model; bounded work on any input, and it never raises."""
    try:
        return _extract(html, url)
    except Exception:  # a hostile page must not fail the scrape: report no product
        log.warning("product_extraction_failed", url=url[:300], exc_info=True)
        return None


__all__ = ["PRODUCT_TYPES", "extract_product"]
