"""The ``image`` parser over real HTTP: an image of printed text scraped from the fixture site
and recognised offline (Tesseract), a broken image, and no parser."""

from __future__ import annotations

import httpx

from tests.api.test_errors import assert_error
from tests.site.pages_documents import IMAGE_TEXT


def test_an_image_of_text_becomes_its_text(client: httpx.Client, site_url: str) -> None:
    body = {"url": f"{site_url}/documents/text.png", "parsers": ["image"], "maxAge": 0}
    resp = client.post("/v2/scrape", json=body)
    assert resp.status_code == 200, resp.text
    data = resp.json()["data"]
    for line in IMAGE_TEXT:
        assert line in data["markdown"]
    assert data["metadata"]["contentType"] == "image/png"


def test_without_the_parser_an_image_is_415(client: httpx.Client, site_url: str) -> None:
    resp = client.post("/v2/scrape", json={"url": f"{site_url}/documents/text.png"})
    assert assert_error(resp, 415)["code"] == "SCRAPE_UNSUPPORTED_FILE_ERROR"


def test_a_broken_image_is_422(client: httpx.Client, site_url: str) -> None:
    body = {"url": f"{site_url}/documents/broken.png", "parsers": ["image"]}
    resp = client.post("/v2/scrape", json=body)
    assert assert_error(resp, 422)["code"] == "SCRAPE_IMAGE_ERROR"
