"""The ``product`` format's extractor: fixture pages against hand-written ground truth, the
SDK model, the value readers (prices, currencies, availability), and hostile pages."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from firecrawl.v2.types import ProductProfile
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webdata.extract import product as product_module
from webdata.extract.product import extract_product
from webdata.extract.structured_data import (
    Money,
    extract_structured_data,
    find_currency,
    find_prices,
    format_like,
    parse_amount,
    parse_availability,
)

FIXTURES = Path(__file__).parent / "fixtures" / "product"
CASES = sorted(path.stem for path in FIXTURES.glob("*.html"))


def _case(name: str) -> tuple[str, str, dict[str, Any] | None]:
    truth = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    html = (FIXTURES / f"{name}.html").read_text(encoding="utf-8")
    return html, truth["url"], truth["expected"]


def test_every_fixture_has_ground_truth() -> None:
    assert len(CASES) >= 8
    assert {p.stem for p in FIXTURES.glob("*.json")} == set(CASES)


@pytest.mark.parametrize("name", CASES)
def test_fixture_matches_ground_truth(name: str) -> None:
    html, url, expected = _case(name)
    result = extract_product(html, url)
    if expected is None:
        assert result is None
        return
    assert result is not None
    for key in ("title", "url", "brand", "category", "description"):
        assert result.get(key) == expected.get(key), key
    assert len(result["variants"]) == len(expected["variants"])
    for got, want in zip(result["variants"], expected["variants"], strict=True):
        assert got == want
    assert result == expected
    profile = ProductProfile.model_validate(result)
    assert profile.title == expected["title"]
    assert len(profile.variants) == len(expected["variants"])


def test_group_variants_carry_their_own_sale_and_stock() -> None:
    html, url, _ = _case("shopify_group_sale")
    result = extract_product(html, url)
    assert result is not None
    navy_m, navy_l, oat_m = result["variants"]
    assert navy_m["price"]["amount"] == 78.4
    assert navy_m["sale"]["originalPrice"]["amount"] == 98.0
    assert "sale" not in navy_l and "sale" not in oat_m
    assert navy_l["availability"] == {"inStock": False, "text": "Out of stock"}
    assert oat_m["values"] == {"Color": "Oatmeal", "Size": "M"}
    assert oat_m["images"][0]["alt"] == "Oatmeal merino crew, front"
    # the page URL had ?variant=: the canonical one is reported
    assert result["url"] == "https://northwind-outfitters.com/products/merino-crew-sweater"


def test_microdata_sale_comes_from_the_struck_price() -> None:
    html, url, _ = _case("woocommerce_microdata")
    result = extract_product(html, url)
    assert result is not None
    (variant,) = result["variants"]
    assert variant["price"] == {"amount": 35.0, "currency": "GBP", "formatted": "£35.00"}
    assert variant["sale"]["originalPrice"]["amount"] == 45.0
    assert result["category"] == "Clothing > Hoodies"


def test_not_a_product_page() -> None:
    assert extract_product(_case("article")[0], "https://x.example/a") is None
    assert extract_product(_case("listing_page")[0], "https://x.example/c") is None
    assert extract_product("", "https://x.example/") is None
    assert extract_product("<html><body><h1>Hello</h1></body></html>", "https://x.example/") is None


def test_json_ld_without_currency_takes_the_visible_symbol() -> None:
    html = """<html><head><script type="application/ld+json">
    {"@type": "Product", "name": "Tea Tin", "offers": {"@type": "Offer", "price": "9.5"}}
    </script></head><body><h1>Tea Tin</h1><p class="price">£9.50</p></body></html>"""
    result = extract_product(html, "https://tea.example/p/tin")
    assert result is not None
    price = result["variants"][0]["price"]
    assert price == {"amount": 9.5, "currency": "GBP", "formatted": "£9.50"}


def test_aggregate_offer_and_cyclic_references() -> None:
    html = """<script type="application/ld+json">
    {"@graph": [
      {"@type": "Product", "@id": "#p", "name": "Desk", "isRelatedTo": {"@id": "#p"},
       "offers": {"@type": "AggregateOffer", "lowPrice": 199, "highPrice": 249,
                  "priceCurrency": "usd", "offerCount": 3}},
      {"@type": "WebPage", "@id": "#w", "mainEntity": {"@id": "#p"}, "about": {"@id": "#w"}}
    ]}</script>"""
    result = extract_product(html, "https://desk.example/desk")
    assert result is not None
    assert result["title"] == "Desk"
    assert result["variants"] == [
        {
            "price": {"amount": 199.0, "currency": "USD", "formatted": "$199.00"},
            "availability": {"inStock": True},
        }
    ]


@pytest.mark.parametrize(
    ("value", "amount"),
    [
        ("1,299.00", 1299.0),
        ("1.299,00", 1299.0),
        ("$12", 12.0),
        ("12,5", 12.5),
        ("1 299,00 €", 1299.0),
        ("1'299.50", 1299.5),
        ("CHF 12.-", 12.0),
        ("USD 1,000,000", 1000000.0),
        (19.99, 19.99),
        ("free", None),
        ("", None),
        (float("nan"), None),
        (-5, None),
        (1e12, None),
        (True, None),
        ("9" * 400, None),
    ],
)
def test_parse_amount(value: object, amount: float | None) -> None:
    assert parse_amount(value) == amount


def test_schema_org_strings_read_a_dot_as_decimal() -> None:
    assert parse_amount("1.299", dot_decimal=True) == 1.299
    assert parse_amount("1.299") == 1299.0
    assert parse_amount("1299.00", dot_decimal=True) == 1299.0


@pytest.mark.parametrize(
    ("text", "host", "currency"),
    [
        ("$12.00", "shop.com", "USD"),
        ("$12.00", "shop.com.au", "AUD"),
        ("C$12.00", "shop.com", "CAD"),
        ("12,00 €", "", "EUR"),
        ("£4", "", "GBP"),
        ("129 kr", "butik.se", "SEK"),
        ("129 kr", "shop.com", None),
        ("CHF 12.50", "", "CHF"),
        ("12.50", "", None),
    ],
)
def test_currency_from_text(text: str, host: str, currency: str | None) -> None:
    assert find_currency(text, host) == currency


def test_prices_in_text_keep_their_own_symbols() -> None:
    prefix = find_prices("£45.00 £35.00")
    assert [(m.amount, m.text) for m in prefix] == [(45.0, "£45.00"), (35.0, "£35.00")]
    suffix = find_prices("UVP 1.499,00 € jetzt 1.299,00 €")
    assert [(m.amount, m.text) for m in suffix] == [(1499.0, "1.499,00 €"), (1299.0, "1.299,00 €")]
    # a quantity is no price; a bare number is only a weak candidate
    assert [(m.amount, m.strong) for m in find_prices("Bottle 330 ml, serves 2")] == [(2.0, False)]
    assert [m.amount for m in find_prices("Open 12:30, table A4, $5")] == [5.0]


def test_format_like_follows_the_page() -> None:
    assert format_like(Money(1299.0, "EUR", "1.299,00 €"), 89.5) == "89,50 €"
    assert format_like(Money(18.0, "AUD", "$18.00"), 1650.0) == "$1,650.00"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("https://schema.org/InStock", (True, "In stock")),
        ("http://schema.org/OutOfStock", (False, "Out of stock")),
        ("schema:PreOrder", (False, "Pre-order")),
        ("in stock", (True, "In stock")),
        ("in_stock", (True, "In stock")),
        ({"@id": "https://schema.org/SoldOut"}, (False, "Sold out")),
        ("LimitedAvailability", (True, "Limited availability")),
        ("maybe", None),
        (42, None),
    ],
)
def test_availability(value: object, expected: tuple[bool, str] | None) -> None:
    assert parse_availability(value) == expected


def test_structured_data_is_source_agnostic() -> None:
    found = extract_structured_data(_case("rdfa_product")[0])
    rdfa = [e for e in found if e["@source"] == "rdfa"]
    assert rdfa[0]["@type"] == ["Product"]
    assert rdfa[0]["offers"]["price"] == "149.95"
    assert rdfa[0]["brand"]["name"] == "Summit Gear Co."
    micro = extract_structured_data(_case("woocommerce_microdata")[0])
    assert micro[0]["@source"] == "microdata"
    assert micro[0]["offers"]["availability"] == "http://schema.org/InStock"
    graph = extract_structured_data(_case("opengraph_only")[0])
    assert graph[-1]["@source"] == "opengraph"
    assert graph[-1]["offers"]["price"] == "189.00"


# -- hostile pages: never raise, bounded time -------------------------------------------------

_HOSTILE = {
    "deep": "<div>" * 200_000 + "<h1>x</h1>",
    "deep_scopes": '<div itemscope itemtype="https://schema.org/Product">' * 50_000,
    "wide_scopes": '<span itemscope itemtype="Product" itemprop="x"><b itemprop="name">n</b></span>'
    * 20_000,
    "json_deep": '<script type="application/ld+json">' + "[" * 50_000 + "]" * 50_000 + "</script>",
    "json_broken": '<script type="application/ld+json">{"@type": "Product", "name": "A",,,'
    + '"offers": {"price": </script><h1>A</h1>',
    "json_refs": '<script type="application/ld+json">{"@graph": ['
    + ",".join(
        f'{{"@id": "#{i}", "@type": "Product", "name": "P{i}", "isRelatedTo": '
        f'[{{"@id": "#{i + 1}"}}, {{"@id": "#{i + 2}"}}], "offers": {{"price": "{i}"}}}}'
        for i in range(300)
    )
    + "]}</script>",
    "weird_prices": '<script type="application/ld+json">{"@type": "Product", "name": "W", '
    '"offers": [{"price": "1e999"}, {"price": [1, 2]}, {"price": {"x": 1}}, {"price": "-1"},'
    ' {"price": "١٢٣"}, {"price": "9999999999999999999999"}, {"priceCurrency": 5}]}</script>',
    "huge": '<p class="price">$1.00</p>' * 200_000,
    "itemref_loop": '<div id="a" itemscope itemref="a b"><div id="b" itemprop="name" '
    'itemscope itemref="a">x</div></div>',
    "control": "\x00\x01<h1>\x00</h1><script type='application/ld+json'>\x00{</script>",
}


@pytest.mark.parametrize("name", sorted(_HOSTILE))
def test_hostile_pages_never_raise(name: str) -> None:
    started = time.thread_time()  # CPU time: a loaded machine does not make it fail
    # the inner function: a bug must fail here, not be swallowed by the safety net
    result = product_module._extract(_HOSTILE[name], "https://evil.example/p")
    assert time.thread_time() - started < 5
    if result is not None:
        ProductProfile.model_validate(result)


_PIECES = [
    "<div>", "</div>", "<h1>", "</h1>", "<p class='price'>", "</p>", "<del>", "</del>",
    "<button>Add to cart</button>", '<div itemscope itemtype="https://schema.org/Product">',
    '<span itemprop="name">', "</span>", '<meta itemprop="price" content="1,5">',
    '<div itemprop="offers" itemscope itemtype="Offer">', '<div typeof="Product" vocab="x">',
    '<meta property="og:type" content="product">', '<link rel="canonical" href="//[::1">',
    '<meta property="product:price:amount" content="NaN">', "<script type='application/ld+json'>",
    '{"@type": "ProductGroup", "hasVariant": [{"@id": "#v"}], "offers": {"price": null}}',
    "</script>", "$12", "1.299,00 €", "£", "Sold out", "In stock", "\x00", "&amp;", "<<", "'\"",
]  # fmt: skip


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.sampled_from(_PIECES), st.text(max_size=12)), max_size=60))
def test_random_markup_never_raises(pieces: list[str]) -> None:
    result = product_module._extract("".join(pieces), "https://fuzz.example/p?x=1")
    if result is not None:
        ProductProfile.model_validate(result)
