"""The model filling the gaps of ``product`` and ``menu``, over real HTTP and through
firecrawl-py, against the local OpenAI-compatible TEST SERVER (``tests/llm_server.py``) and
the fixture pages of ``tests/site/pages_gaps.py``. What is tested: when the model is asked
(only for gaps), what it is sent (the fenced page, the schema of the gaps), and that the
page's own values always win."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from firecrawl import Firecrawl
from firecrawl.v2.types import MenuProfile, ProductProfile

from tests.conftest import RunningApi, start_api
from tests.llm_server import FakeLlm
from tests.site.pages_gaps import PAGES
from webdata.extract.llm import DATA_RULES, FENCE_CLOSE, FENCE_OPEN
from webdata.extract.menu import extract_menu
from webdata.extract.menu_gaps import menu_schema
from webdata.extract.product import extract_product
from webdata.extract.product_gaps import product_schema

WHOLE_LAMP: dict[str, Any] = {
    "product": {
        "title": "Alder desk lamp",
        "brand": "Lumen Workshop",
        "category": None,
        "description": "Turned from Scottish alder with a linen shade.",
        "variants": [
            {
                "title": None,
                "sku": None,
                "price": {"amount": 149, "currency": "GBP", "formatted": "149 pounds"},
                "sale": None,
                "availability": {"inStock": True, "text": "ships in two weeks"},
                "images": [],
            }
        ],
    }
}


@pytest.fixture(scope="module")
def llm_api(
    tmp_path_factory: pytest.TempPathFactory, fake_llm: tuple[FakeLlm, str]
) -> Iterator[RunningApi]:
    yield from start_api(
        tmp_path_factory.mktemp("gaps"),
        llm_base_url=fake_llm[1],
        llm_model="test-model",
        llm_timeout_s=2,
        llm_max_retries=0,
    )


def scrape(api: RunningApi, url: str, *formats: str) -> dict[str, Any]:
    with api.client() as c:
        r = c.post("/v2/scrape", json={"url": url, "formats": list(formats), "maxAge": 0})
    assert r.status_code == 200, r.text
    return dict(r.json()["data"])


def sdk(api: RunningApi) -> Firecrawl:
    return Firecrawl(api_key=api.key, api_url=api.url, max_retries=1)


def test_a_product_page_without_data_gets_its_record_from_the_model(
    llm_api: RunningApi, fake: FakeLlm, site_url: str
) -> None:
    fake.script("product", {"content": WHOLE_LAMP})
    url = f"{site_url}/gaps/product_bare"
    data = scrape(llm_api, url, "product")
    assert data["product"] == {
        "title": "Alder desk lamp",
        "url": url,
        "brand": "Lumen Workshop",
        "description": "Turned from Scottish alder with a linen shade.",
        "variants": [
            {
                "price": {"amount": 149.0, "currency": "GBP", "formatted": "149 pounds"},
                "availability": {"inStock": True, "text": "ships in two weeks"},
            }
        ],
    }
    ProductProfile.model_validate(data["product"])
    assert "warning" not in data or data["warning"] is None
    [sent] = fake.of_kind("product")
    system, user = sent["messages"][0]["content"], sent["messages"][1]["content"]
    fmt = sent["response_format"]["json_schema"]
    assert fmt["schema"] == product_schema(("product",)) and fmt["strict"] is True
    assert DATA_RULES in system and json.dumps(fmt["schema"]) in system
    assert user.startswith(FENCE_OPEN) and user.endswith(FENCE_CLOSE)
    assert "149 pounds" in user and "149 pounds" not in system
    assert "markdown" not in data  # made for the model, not returned


def test_with_redact_pii_the_model_sees_the_page_redacted(
    llm_api: RunningApi, fake: FakeLlm, site_url: str
) -> None:
    fake.script("product", {"content": WHOLE_LAMP})
    with llm_api.client() as c:
        body = {"url": f"{site_url}/gaps/product_bare", "formats": ["product"], "maxAge": 0}
        r = c.post("/v2/scrape", json={**body, "redactPII": True})
    assert r.status_code == 200, r.text
    assert r.json()["data"]["product"]["title"] == "Alder desk lamp"
    [sent] = fake.of_kind("product")
    page = sent["messages"][1]["content"]
    assert "Alder desk lamp" in page and "orders@lumenworkshop.co.uk" not in page


def test_a_page_with_complete_data_never_calls_the_model(
    llm_api: RunningApi, fake: FakeLlm, site_url: str
) -> None:
    for kind, name in (("product", "european_price"), ("menu", "restaurant_jsonld")):
        data = scrape(llm_api, f"{site_url}/structured/{kind}/{name}", kind, "markdown")
        assert data[kind] is not None
    assert fake.requests == []


def test_partial_data_gets_only_its_gaps_filled_and_keeps_the_page_s_values(
    llm_api: RunningApi, fake: FakeLlm, site_url: str
) -> None:
    url = f"{site_url}/gaps/product_partial"
    # The model contradicts the page on the M variant's price: the page's 120 EUR stays.
    answer = {
        "brand": "Nordkapp",
        "description": "A three-layer shell for wet coasts.",
        "price": {"amount": 99, "currency": "USD", "formatted": "$99"},
    }
    fake.script("product", {"content": answer})
    product = sdk(llm_api).scrape(url, formats=["product"]).product
    assert product is not None
    got = product.model_dump(by_alias=True, exclude_none=True)
    deterministic = extract_product(PAGES["product_partial"], url)
    assert deterministic is not None
    assert got["title"] == deterministic["title"] and got["url"] == deterministic["url"]
    assert got["brand"] == "Nordkapp" and got["description"] == answer["description"]
    m, large = got["variants"]
    assert m["price"] == {"amount": 120.0, "currency": "EUR", "formatted": "€120.00"}
    assert large["price"] == {"amount": 99.0, "currency": "USD", "formatted": "$99"}
    assert m["images"] == large["images"] == deterministic["variants"][0]["images"]
    [sent] = fake.of_kind("product")
    schema = sent["response_format"]["json_schema"]["schema"]
    assert set(schema["properties"]) == {"brand", "description", "price"}
    assert schema == product_schema(("brand", "description", "price"))
    task = sent["messages"][0]["content"]
    assert "brand:" in task and "price:" in task and "images:" not in task
    assert "Nordkapp" in sent["messages"][1]["content"]  # the page, fenced


def test_unpriced_menu_items_are_priced_by_the_model_and_marked(
    llm_api: RunningApi, fake: FakeLlm, site_url: str
) -> None:
    url = f"{site_url}/gaps/menu_unpriced"
    answer = {
        "items": [
            {"section": "Starters", "name": "Olives", "price": {"amount": 4, "currency": "EUR",
                                                                 "formatted": "4.00 EUR"}},
            {"section": "Mains", "name": "Risotto", "price": {"amount": 13.5, "currency": None,
                                                               "formatted": None}},
            # Not asked for: the page's price stays, the invented item is not added.
            {"section": "Starters", "name": "Bruschetta", "price": {"amount": 1,
                                                                     "currency": "EUR",
                                                                     "formatted": None}},
            {"section": "Desserts", "name": "Tiramisu", "price": {"amount": 6, "currency": "EUR",
                                                                   "formatted": None}},
        ]
    }  # fmt: skip
    fake.script("menu", {"content": answer})
    menu = sdk(llm_api).scrape(url, formats=["menu"]).menu
    assert menu is not None
    got = menu.model_dump(by_alias=True)
    MenuProfile.model_validate(got)
    prices = {i["name"]: i["price"] for s in got["sections"] for i in s["items"]}
    assert list(prices) == ["Bruschetta", "Olives", "Risotto", "Lasagne"]
    assert prices["Bruschetta"]["amount"] == 7.5 and prices["Lasagne"]["amount"] == 14.0
    assert prices["Olives"] == {"amount": 4.0, "currency": "EUR", "formatted": "4.00 EUR"}
    # No currency from the model: the menu's stated one.
    assert prices["Risotto"] == {"amount": 13.5, "currency": "EUR", "formatted": "€13.50"}
    assert got["confidence"] == 0.8  # the extractor's 0.95, lowered: the model priced some
    [sent] = fake.of_kind("menu")
    assert sent["response_format"]["json_schema"]["schema"] == menu_schema(("prices",))
    task = sent["messages"][0]["content"]
    asked = [{"section": "Starters", "name": "Olives"}, {"section": "Mains", "name": "Risotto"}]
    assert json.dumps(asked) in task and "Bruschetta" not in task


def test_a_menu_in_prose_is_read_whole_by_the_model(
    llm_api: RunningApi, fake: FakeLlm, site_url: str
) -> None:
    url = f"{site_url}/gaps/menu_prose"
    soup = {
        "name": "Tomato soup",
        "description": "with sourdough",
        "dietary": ["Vegetarian"],
        "calories": None,
        "price": {"amount": 6.5, "currency": "GBP", "formatted": None},
    }
    toastie: dict[str, Any] = {
        "name": "Cheese toastie",
        "description": None,
        "dietary": [],
        "calories": 540,
        "price": {"amount": 8, "currency": "GBP", "formatted": None},
    }
    section = {"name": "All day", "description": None, "items": [soup, toastie]}
    answer = {"isMenu": True, "currency": "GBP", "sections": [section]}
    fake.script("menu", {"content": answer})
    data = scrape(llm_api, url, "menu")
    menu = data["menu"]
    MenuProfile.model_validate(menu)
    assert menu["isMenu"] is True and menu["confidence"] == 0.6 and menu["currency"] == "GBP"
    assert menu["merchant"] == {"name": "The Corner Cafe"}  # the extractor's
    [section] = menu["sections"]
    assert section["id"] == "all-day" and section["name"] == "All day"
    first, second = section["items"]
    assert first["id"] == "all-day-tomato-soup" and first["dietary"] == ["vegetarian"]
    assert first["price"] == {"amount": 6.5, "currency": "GBP", "formatted": "£6.50"}
    assert second["calories"] == 540.0 and second["sourceUrl"] == url
    assert fake.of_kind("menu")[0]["response_format"]["json_schema"]["schema"] == menu_schema(
        ("menu",)
    )


def test_a_model_error_is_a_warning_and_the_page_s_result_stands(
    llm_api: RunningApi, fake: FakeLlm, site_url: str
) -> None:
    fake.script("product", {"status": 500})
    fake.script("menu", {"content": {"items": "not a list"}})  # never conforms
    url = f"{site_url}/gaps/product_partial"
    data = scrape(llm_api, url, "product", "menu")
    assert data["product"] == extract_product(PAGES["product_partial"], url)
    assert data["menu"] == extract_menu(PAGES["product_partial"], url)
    assert "product: the model could not fill the gaps" in data["warning"]
    assert "answered 500" in data["warning"]
    assert "menu: the model could not fill the gaps" in data["warning"]


def test_the_model_s_tokens_are_counted_for_the_team(
    llm_api: RunningApi, fake: FakeLlm, site_url: str
) -> None:
    fc = sdk(llm_api)
    before = sum(p.tokensUsed for p in fc.v2.get_token_usage_historical().periods)
    fake.script("product", {"content": WHOLE_LAMP})
    scrape(llm_api, f"{site_url}/gaps/product_bare", "product")
    [sent] = fake.of_kind("product")
    expected = (
        sum(len(m["content"]) for m in sent["messages"]) // 4 + len(json.dumps(WHOLE_LAMP)) // 4
    )
    after = sum(p.tokensUsed for p in fc.v2.get_token_usage_historical().periods)
    assert after - before == expected


@pytest.mark.parametrize("name", list(PAGES))
def test_without_a_model_the_result_is_the_extractor_s(
    api: RunningApi, firecrawl: Firecrawl, site_url: str, name: str
) -> None:
    url = f"{site_url}/gaps/{name}"
    kind = name.split("_")[0]
    want = (extract_product if kind == "product" else extract_menu)(PAGES[name], url)
    with api.client() as c:
        r = c.post("/v2/scrape", json={"url": url, "formats": [kind], "maxAge": 0})
    assert r.status_code == 200, r.text
    data = r.json()["data"]
    assert data.get(kind) == want and "warning" not in data
    got = getattr(firecrawl.scrape(url, formats=[kind]), kind)
    assert (got is None) == (want is None)
    if got is not None and want is not None:
        dumped = got.model_dump(by_alias=True)
        assert dumped["sourceUrl" if kind == "menu" else "url"] == url or kind == "product"
        assert len(dumped["sections" if kind == "menu" else "variants"]) == len(
            want["sections" if kind == "menu" else "variants"]
        )
