"""What a gap is in ``product`` and ``menu`` results, and the merge of a model's answer: the
page's values always win, hostile answers are dropped, and every merged result is a valid
``ProductProfile`` / ``MenuProfile``. Pure: no model, no HTTP."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from firecrawl.v2.types import MenuProfile, ProductProfile
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from tests.llm_server import least_conforming
from webdata.extract.llm import _strict_ready
from webdata.extract.menu import extract_menu
from webdata.extract.menu_gaps import menu_gaps, menu_schema, merge_menu, unpriced
from webdata.extract.product import extract_product
from webdata.extract.product_gaps import merge_product, product_gaps, product_schema

FIXTURES = Path(__file__).parent / "fixtures"
URL = "https://shop.example/p/1"


def _fixtures(kind: str) -> list[tuple[str, str, str]]:
    out = []
    for page in sorted((FIXTURES / kind).glob("*.html")):
        truth = json.loads(page.with_suffix(".json").read_text(encoding="utf-8"))
        out.append((page.stem, page.read_text(encoding="utf-8"), truth["url"]))
    return out


def _product(**fields: Any) -> dict[str, Any]:
    variant = {
        "price": {"amount": 10.0, "currency": "EUR", "formatted": "€10.00"},
        "availability": {"inStock": True, "text": "In stock"},
        "images": [{"url": "https://shop.example/a.jpg"}],
    }
    return {"title": "Lamp", "url": URL, "brand": "Lumen", "description": "A lamp.",
            "variants": [variant]} | fields  # fmt: skip


def test_a_complete_product_has_no_gaps() -> None:
    assert product_gaps(_product()) == ()


@pytest.mark.parametrize(
    ("change", "gaps"),
    [
        ({"brand": None}, ("brand",)),
        ({"description": ""}, ("description",)),
        ({"variants": []}, ("price", "availability", "images")),
        ({"variants": [{"availability": {"inStock": True, "text": "In stock"},
                        "images": [{"url": "https://x/a.jpg"}]}]}, ("price",)),
        ({"variants": [{"price": {"amount": 1.0, "formatted": "1.00"},
                        "availability": {"inStock": True, "text": "In stock"},
                        "images": [{"url": "https://x/a.jpg"}]}]}, ("currency",)),
        ({"variants": [{"price": {"amount": 1.0, "currency": "EUR"},
                        "availability": {"inStock": True}}]}, ("availability", "images")),
    ],
)  # fmt: skip
def test_product_gaps(change: dict[str, Any], gaps: tuple[str, ...]) -> None:
    product = {k: v for k, v in _product(**change).items() if v is not None}
    assert product_gaps(product) == gaps
    assert set(product_schema(gaps)["properties"]) == set(gaps)


def test_no_product_is_one_gap_the_whole_record() -> None:
    assert product_gaps(None) == ("product",)
    assert set(product_schema(("product",))["properties"]) == {"product"}


def test_the_schemas_are_valid_and_strict_ready() -> None:
    schemas = [product_schema(("product",)), product_schema(("brand", "currency", "images"))]
    schemas += [menu_schema(("menu",)), menu_schema(("prices",))]
    for schema in schemas:
        Draft202012Validator.check_schema(schema)
        assert _strict_ready(schema)


def test_the_model_never_overrides_the_page() -> None:
    page = _product(brand=None)
    page.pop("brand")
    answer = {"title": "Other", "brand": "Maker", "description": "Not this.",
              "price": {"amount": 1, "currency": "USD", "formatted": "$1"},
              "images": [{"url": "https://evil.example/x.jpg", "alt": None}]}  # fmt: skip
    merged = merge_product(copy.deepcopy(page), answer, ("brand",), URL)
    assert merged == {**page, "brand": "Maker"}
    assert list(merged) == ["title", "url", "brand", "description", "variants"]


def test_a_currency_gap_keeps_the_page_s_amount_and_text() -> None:
    page = _product()
    page["variants"][0]["price"] = {"amount": 10.0, "formatted": "10,00"}
    merged = merge_product(page, {"currency": "eur"}, ("currency",), URL)
    assert merged is not None
    assert merged["variants"][0]["price"] == {"amount": 10.0, "currency": "EUR",
                                              "formatted": "10,00"}  # fmt: skip


def test_hostile_values_are_dropped() -> None:
    page = _product(variants=[{"availability": {"inStock": True}}])
    gaps = product_gaps(page)
    assert gaps == ("price", "availability", "images")
    answer = {"price": {"amount": -5, "currency": "dollars", "formatted": None},
              "availability": {"inStock": "yes", "text": "x"},
              "images": [{"url": "javascript:alert(1)", "alt": None},
                         {"url": "/img/a.jpg", "alt": " Front "}, "x"]}  # fmt: skip
    merged = merge_product(page, answer, gaps, URL)
    assert merged is not None
    assert merged["variants"] == [
        {"availability": {"inStock": True}, "images": [
            {"url": "https://shop.example/img/a.jpg", "alt": "Front"}]}
    ]  # fmt: skip


def test_a_whole_record_null_or_untitled_is_no_product() -> None:
    assert merge_product(None, {"product": None}, ("product",), URL) is None
    assert merge_product(None, {"product": {"title": " "}}, ("product",), URL) is None
    assert merge_product(None, "nonsense", ("product",), URL) is None


def test_menu_gaps_and_unpriced_items() -> None:
    html = (FIXTURES / "menu" / "restaurant_jsonld.html").read_text(encoding="utf-8")
    menu = extract_menu(html, URL)
    assert menu_gaps(menu) == ()
    item = menu["sections"][0]["items"][0]
    del item["price"]
    assert menu_gaps(menu) == ("prices",)
    assert unpriced(menu) == [{"section": menu["sections"][0]["name"], "name": item["name"]}]
    assert menu_gaps({"isMenu": False, "sections": []}) == ("menu",)


def test_a_menu_the_model_says_is_none_stays_the_extractor_s() -> None:
    menu = {"isMenu": False, "confidence": 0.02, "merchant": {"name": "x"}, "sections": [],
            "sourceUrl": URL}  # fmt: skip
    assert merge_menu(menu, {"isMenu": False, "sections": []}, ("menu",), URL) is menu
    assert merge_menu(menu, {"isMenu": True, "sections": []}, ("menu",), URL) is menu


json_values = st.recursive(
    st.none() | st.booleans() | st.floats(allow_nan=True) | st.integers() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=5)
    ),
    max_leaves=30,
)
_ANSWER_KEYS = ["product", "brand", "description", "price", "currency", "availability", "images",
                "isMenu", "sections", "items", "title", "variants", "name", "amount"]  # fmt: skip
answers = st.dictionaries(st.sampled_from(_ANSWER_KEYS), json_values, max_size=6)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(answer=answers | json_values)
def test_any_answer_merges_into_a_valid_profile(answer: Any) -> None:
    for _, html, url in _fixtures("product"):
        found = extract_product(html, url)
        merged = merge_product(copy.deepcopy(found), answer, product_gaps(found), url)
        if merged is not None:
            ProductProfile.model_validate(merged)
    for _, html, url in _fixtures("menu")[:4]:
        menu = extract_menu(html, url)
        MenuProfile.model_validate(merge_menu(menu, answer, menu_gaps(menu), url))


@pytest.mark.parametrize("kind", ["product", "menu"])
def test_the_least_conforming_answer_changes_nothing(kind: str) -> None:
    for _, html, url in _fixtures(kind):
        if kind == "product":
            found = extract_product(html, url)
            gaps = product_gaps(found)
            empty = least_conforming(product_schema(gaps)) if gaps else {}
            assert merge_product(copy.deepcopy(found), empty, gaps, url) == found
        else:
            menu = extract_menu(html, url)
            gaps = menu_gaps(menu)
            empty = least_conforming(menu_schema(gaps)) if gaps else {}
            assert merge_menu(menu, empty, gaps, url) == menu
