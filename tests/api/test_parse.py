"""``POST /v2/parse`` and ``GET /v2/parse/formats`` over real HTTP (multipart as firecrawl-py
sends it) and through the SDK."""

from __future__ import annotations

import json
from typing import Any

import httpx

from tests.api.test_errors import assert_error
from tests.conftest import RunningApi

PAGE = (
    "<html><head><title>Uploaded page</title></head><body><nav><a href='/'>Home</a></nav>"
    "<main><h1>Field notes</h1><p>Tomatoes want sun and steady water.</p>"
    "<p>See <a href='https://example.org/more'>more</a>.</p></main></body></html>"
)


def upload(
    client: httpx.Client, data: bytes, name: str, mime: str, options: dict[str, Any] | None = None
) -> httpx.Response:
    fields = {"options": json.dumps(options or {})}
    return client.post("/v2/parse", data=fields, files={"file": (name, data, mime)})


def test_an_html_upload_goes_through_the_scrape_pipeline(client: httpx.Client) -> None:
    resp = upload(
        client, PAGE.encode(), "notes.html", "text/html", {"formats": ["markdown", "links"]}
    )
    assert resp.status_code == 200, resp.text
    data = resp.json()["data"]
    assert data["markdown"].startswith("# Field notes")
    assert "Home" not in data["markdown"]  # onlyMainContent, as for a scrape
    assert data["links"] == ["https://example.org/more"]
    meta = data["metadata"]
    assert meta["title"] == "Uploaded page" and meta["sourceURL"] == "upload://notes.html"
    assert meta["creditsUsed"] == 1 and meta["statusCode"] == 200


def test_type_from_the_name_when_the_client_does_not_know(client: httpx.Client) -> None:
    resp = upload(client, b"# Title\n\nplain words", "readme.md", "application/octet-stream")
    assert resp.status_code == 200, resp.text
    assert "plain words" in resp.json()["data"]["markdown"]
    latin1 = upload(client, "café crème".encode("latin-1"), "menu.txt", "text/plain")
    assert "café crème" in latin1.json()["data"]["markdown"]


def test_bad_uploads_are_400_or_413(client: httpx.Client, api: RunningApi) -> None:
    no_file = client.post("/v2/parse", data={"options": "{}"})
    assert assert_error(no_file, 400)["details"][0]["path"] == ["file"]
    refused = upload(
        client,
        PAGE.encode(),
        "a.html",
        "text/html",
        {"actions": [{"type": "wait", "milliseconds": 5}]},
    )
    assert "actions" in json.dumps(assert_error(refused, 400)["details"])
    shot = upload(client, PAGE.encode(), "a.html", "text/html", {"formats": ["screenshot"]})
    assert "screenshot" in json.dumps(assert_error(shot, 400)["details"])
    garbage = client.post(
        "/v2/parse", data={"options": "{not json"}, files={"file": ("a.html", b"x", "text/html")}
    )
    assert_error(garbage, 400)
    binary = upload(client, bytes(range(256)) * 4, "blob.bin", "application/x-thing")
    assert assert_error(binary, 415)["code"] == "SCRAPE_UNSUPPORTED_FILE_ERROR"


def test_through_the_sdk(firecrawl: Any) -> None:
    doc = firecrawl.parse(PAGE.encode(), filename="notes.html")
    assert doc.markdown.startswith("# Field notes")
    assert doc.metadata.title == "Uploaded page"
    formats = {f.format: f for f in firecrawl.get_parse_formats()}
    assert formats["html"].available and ".html" in formats["html"].extensions
    assert "pdf" in formats
