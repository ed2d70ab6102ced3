"""``product`` and ``menu`` through the API and firecrawl-py, on the fixture pages of
``tests/extract/fixtures`` served by the fixture site (no model involved)."""

from __future__ import annotations

import json
from pathlib import Path

from firecrawl import Firecrawl

FIXTURES = Path(__file__).resolve().parent.parent / "extract" / "fixtures"


def expected(kind: str, name: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((FIXTURES / kind / f"{name}.json").read_text())["expected"]
    return data


def test_product_through_the_sdk(firecrawl: Firecrawl, site_url: str) -> None:
    doc = firecrawl.scrape(f"{site_url}/structured/product/shopify_group_sale", formats=["product"])
    assert doc.product is not None
    product = doc.product.model_dump(by_alias=True, exclude_none=True)
    want = expected("product", "shopify_group_sale")
    assert product["title"] == want["title"] and product["brand"] == want["brand"]
    assert len(product["variants"]) == len(want["variants"])  # type: ignore[arg-type]
    first = product["variants"][0]
    assert first["price"] == want["variants"][0]["price"]  # type: ignore[index]


def test_menu_through_the_sdk(firecrawl: Firecrawl, site_url: str) -> None:
    doc = firecrawl.scrape(f"{site_url}/structured/menu/restaurant_jsonld", formats=["menu"])
    assert doc.menu is not None
    menu = doc.menu.model_dump(by_alias=True, exclude_none=True)
    want = expected("menu", "restaurant_jsonld")
    assert menu["isMenu"] is True
    assert [s["name"] for s in menu["sections"]] == [s["name"] for s in want["sections"]]  # type: ignore[attr-defined]


def test_an_article_is_not_a_product_nor_a_menu(firecrawl: Firecrawl, site_url: str) -> None:
    doc = firecrawl.scrape(f"{site_url}/structured/product/article", formats=["product", "menu"])
    assert doc.product is None
    assert doc.menu is not None and doc.menu.model_dump(by_alias=True)["isMenu"] is False
