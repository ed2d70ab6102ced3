"""The ``menu`` format's extractor: fixture pages against hand-written ground truth, the SDK
model, the line reader's rules (sections, prices, dietary markers, currency), hostile pages."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from firecrawl.v2.types import MenuProfile
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webdata.extract import menu as menu_module
from webdata.extract.menu import extract_menu

FIXTURES = Path(__file__).parent / "fixtures" / "menu"
CASES = sorted(path.stem for path in FIXTURES.glob("*.html"))


def _case(name: str) -> tuple[str, str, dict[str, Any]]:
    truth = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    html = (FIXTURES / f"{name}.html").read_text(encoding="utf-8")
    return html, truth["url"], truth["expected"]


def _items(result: dict[str, Any]) -> list[tuple[str, str, float | None]]:
    return [
        (section["name"], item["name"], (item.get("price") or {}).get("amount"))
        for section in result["sections"]
        for item in section["items"]
    ]


def test_every_fixture_has_ground_truth() -> None:
    assert len(CASES) >= 5
    assert {p.stem for p in FIXTURES.glob("*.json")} == set(CASES)


@pytest.mark.parametrize("name", CASES)
def test_fixture_matches_ground_truth(name: str) -> None:
    html, url, expected = _case(name)
    result = extract_menu(html, url)
    MenuProfile.model_validate(result)
    confidence = result.pop("confidence")
    assert 0 <= confidence <= 1
    assert (confidence >= 0.5) == expected["isMenu"]
    assert result["isMenu"] == expected["isMenu"]
    assert result["merchant"] == expected["merchant"]
    assert result.get("currency") == expected.get("currency")
    assert [s["name"] for s in result["sections"]] == [s["name"] for s in expected["sections"]]
    assert _items(result) == _items(expected)
    for got, want in zip(result["sections"], expected["sections"], strict=True):
        for got_item, want_item in zip(got["items"], want["items"], strict=True):
            assert got_item == want_item
    assert result == expected


def test_non_menus_score_low() -> None:
    for name in ("review_article", "shop_listing"):
        html, url, _ = _case(name)
        result = extract_menu(html, url)
        assert result["isMenu"] is False and result["sections"] == []
        assert result["confidence"] <= 0.3
    empty = extract_menu("", "https://x.example/")
    assert empty["isMenu"] is False and empty["confidence"] < 0.1
    assert empty["merchant"] == {"name": "x.example"}
    MenuProfile.model_validate(empty)


def test_structured_menu_reads_diets_calories_and_add_ons() -> None:
    html, url, _ = _case("restaurant_jsonld")
    result = extract_menu(html, url)
    first = result["sections"][0]["items"][0]
    assert first["dietary"] == ["vegetarian", "gluten-free"] and first["calories"] == 310.0
    pizza = result["sections"][1]["items"][0]
    assert [o["name"] for o in pizza["optionGroups"][0]["options"]] == [
        "Burrata",
        "Gluten-free crust",
    ]
    sold_out = result["sections"][1]["items"][1]
    assert sold_out["availability"] == {"inStock": False, "text": "Sold out"}
    assert result["merchant"] == {"name": "Olive & Ember", "type": "restaurant"}


def test_markers_and_legend() -> None:
    html, url, _ = _case("plain_headings")
    result = extract_menu(html, url)
    items = {i["name"]: i for s in result["sections"] for i in s["items"]}
    assert items["Crispy Cauliflower Bites"]["dietary"] == ["vegan", "gluten-free"]
    assert items["Wild Mushroom Risotto"]["dietary"] == ["vegan", "gluten-free"]
    assert items["Halloumi Burger"]["calories"] == 820.0
    assert items["Halloumi Burger"]["description"] == "Brioche bun, chilli jam, fries"
    fish = items["Beer-battered Fish & Chips"]
    assert fish["images"][0]["alt"] == "Fish and chips with mushy peas"
    # the legend line and the service-charge note are nobody's description
    assert items["Cheese Board"]["description"] == "Three British cheeses, chutney, crackers"


def test_currency_only_when_the_page_states_it() -> None:
    html, url, _ = _case("cafe_table")
    result = extract_menu(html, url)
    assert "currency" not in result
    assert all("currency" not in i["price"] for s in result["sections"] for i in s["items"])
    stated = html.replace("Oat, soy and almond", "All prices in GBP. Oat, soy and almond")
    result = extract_menu(stated, url)
    assert result["currency"] == "GBP"
    assert all(i["price"]["currency"] == "GBP" for s in result["sections"] for i in s["items"])


def test_table_price_columns_become_options() -> None:
    html, url, _ = _case("cafe_table")
    result = extract_menu(html, url)
    mocha = result["sections"][0]["items"][3]
    assert mocha["name"] == "Mocha" and mocha["description"] == "with 70% dark chocolate"
    assert mocha["optionGroups"] == [
        {
            "name": "Size",
            "options": [
                {"name": "Regular", "price": {"amount": 3.6, "formatted": "3.60"}},
                {"name": "Large", "price": {"amount": 4.1, "formatted": "4.10"}},
            ],
        }
    ]


_LEADERS = """<html><head><title>Dinner menu | Kiln</title></head><body>
<h2>Soups</h2>
<p>Miso soup ........ 6</p>
<p>Tom yum … 9.5</p>
<p>Laksa (GF) - 14</p>
<h2>Noodles</h2>
<p>Pad thai <span class="price">13</span></p>
<p>Serves 2 people, ready in 20 min</p>
<p>Dan dan noodles [VG] <span class="price">12</span></p>
</body></html>"""


def test_leader_rows_and_bare_numbers() -> None:
    result = extract_menu(_LEADERS, "https://kiln.example/dinner-menu")
    assert result["isMenu"] is True
    assert _items(result) == [
        ("Soups", "Miso soup", 6.0),
        ("Soups", "Tom yum", 9.5),
        ("Soups", "Laksa", 14.0),
        ("Noodles", "Pad thai", 13.0),
        ("Noodles", "Dan dan noodles", 12.0),
    ]
    laksa = result["sections"][0]["items"][2]
    assert laksa["dietary"] == ["gluten-free"] and laksa["price"]["formatted"] == "14"
    assert "currency" not in result
    MenuProfile.model_validate(result)


def test_ids_are_unique_and_stable() -> None:
    html = """<title>Menu</title><h2>Drinks</h2><ul>
    <li>Cola <span class="price">$3</span></li><li>Cola <span class="price">$4</span></li>
    <li>Lemonade <span class="price">$4</span></li></ul><h2>Drinks</h2><ul>
    <li>Beer <span class="price">$6</span></li></ul>"""
    result = extract_menu(html, "https://bar.example/menu")
    ids = [s["id"] for s in result["sections"]] + [
        i["id"] for s in result["sections"] for i in s["items"]
    ]
    assert len(ids) == len(set(ids))
    assert ids == [
        "drinks",
        "drinks-2",
        "drinks-cola",
        "drinks-cola-2",
        "drinks-lemonade",
        "drinks-2-beer",
    ]
    assert extract_menu(html, "https://bar.example/menu") == result


# -- hostile pages: never raise, bounded time -------------------------------------------------

_HOSTILE = {
    "deep": "<div>" * 200_000 + "<h2>Menu</h2><p>Soup 5</p>",
    "many_prices": "<h2>Menu</h2>" + "<li>Soup <b>$5.00</b></li>" * 100_000,
    "many_headings": "<h2>Starters</h2>" * 50_000,
    "long_text": "<p>" + "Soup 5.00 " * 200_000 + "</p>",
    "many_tables": "<table><tr><td>Tea</td><td>2.00</td></tr>"
    "<tr><td>Coffee</td><td>3.00</td></tr></table>" * 5_000,
    "json_menu_cycle": '<script type="application/ld+json">{"@graph": ['
    '{"@id": "#m", "@type": "Menu", "hasMenuSection": {"@id": "#s"}},'
    '{"@id": "#s", "@type": "MenuSection", "name": "S", "hasMenuSection": {"@id": "#m"},'
    ' "hasMenuItem": [{"@type": "MenuItem", "name": "Tea", "offers": {"price": "x"}},'
    ' {"@type": "MenuItem", "offers": {"price": 3}}, {"@type": "MenuItem", "name": ""}]},'
    '{"@type": "Restaurant", "name": ["R"], "hasMenu": [{"@id": "#m"}, "https://r/menu"]}'
    "]}</script>",
    "markers": "<h2>Menu</h2>" + "<p>(V)(V)(V)[GF] (" * 10_000 + "</p>",
    "control": "\x00<h2>\x00</h2><li>\x00 5</li>",
}


@pytest.mark.parametrize("name", sorted(_HOSTILE))
def test_hostile_pages_never_raise(name: str) -> None:
    started = time.thread_time()  # CPU time: a loaded machine does not make it fail
    # the inner function: a bug must fail here, not be swallowed by the safety net
    result = menu_module._extract(_HOSTILE[name], "https://evil.example/menu")
    assert time.thread_time() - started < 5
    MenuProfile.model_validate(result)
    assert sum(len(s["items"]) for s in result["sections"]) <= menu_module.MAX_ITEMS


_PIECES = [
    "<div>", "</div>", "<h2>", "</h2>", "<h3>", "</h3>", "<ul>", "<li>", "</li>", "<dl><dt>",
    "<dd>", "<p>", "</p>", "<br>", "<table><tr><th>Tea</th><th>S</th><th>L</th></tr>",
    "<tr><td>", "</td><td>", "</td></tr>", "</table>", "<span class='price'>", "</span>",
    '<img src="/a.jpg" alt="vegan">', '<span class="icon-vegan"></span>', "Soup", "Pizza",
    "$12", "12", "9.50", "1.299,00 €", "(V)", "(VG, GF)", "[gf]", "V = vegan", "....", "540 kcal",
    "Prices in EUR", "\x00", "&amp;", "<<", "<script type='application/ld+json'>",
    '{"@type": "Restaurant", "hasMenu": {"@type": "Menu", "hasMenuSection": '
    '{"name": "S", "hasMenuItem": [{"name": "I", "offers": {"price": "x"}}]}}}',
    "</script>",
]  # fmt: skip


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.sampled_from(_PIECES), st.text(max_size=12)), max_size=80))
def test_random_markup_never_raises(pieces: list[str]) -> None:
    result = menu_module._extract("".join(pieces), "https://fuzz.example/menu")
    MenuProfile.model_validate(result)
    assert 0 <= result["confidence"] <= 1
    assert result["isMenu"] or result["sections"] == []
