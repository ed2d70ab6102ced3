"""Every error row of the spec over real HTTP: status, ``success: false``, error, details/code."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.conftest import RunningApi, start_api


def assert_error(resp: httpx.Response, status: int, error: str | None = None) -> dict:
    assert resp.status_code == status, resp.text
    assert resp.headers["content-type"].startswith("application/json")
    body = resp.json()
    assert body["success"] is False
    assert isinstance(body["error"], str) and body["error"]
    if error is not None:
        assert body["error"] == error
    return body


def test_unknown_path_is_json_404(client: httpx.Client) -> None:
    assert_error(client.get("/v2/nothing-here"), 404, "Not Found")


def test_wrong_method_is_json_405(client: httpx.Client) -> None:
    resp = client.get("/v2/scrape")
    assert_error(resp, 405, "Method Not Allowed")
    assert "POST" in resp.headers["allow"]


@pytest.mark.parametrize("raw", [b"{not json", b"", b'{"url": "http://a.com",}'])
def test_malformed_json_is_400(client: httpx.Client, raw: bytes) -> None:
    resp = client.post("/v2/scrape", content=raw, headers={"content-type": "application/json"})
    body = assert_error(resp, 400)
    assert body["error"].startswith("Bad Request")


@pytest.mark.parametrize(
    "url",
    [None, "", "example.com", "/relative/path", "ftp://example.com/file", "javascript:alert(1)",
     "http://", "http://exa mple.com/", "http://example.com:99999/", "mailto:a@b.c", 42],
)  # fmt: skip
def test_invalid_url_rule_1(client: httpx.Client, url: object) -> None:
    payload = {} if url is None else {"url": url}
    body = assert_error(client.post("/v2/scrape", json=payload), 400, "Invalid URL")
    assert any(d["path"] == ["url"] for d in body["details"])


def test_unknown_key_is_named(client: httpx.Client, site_url: str) -> None:
    resp = client.post("/v2/scrape", json={"url": site_url, "onlyMainContnet": False})
    body = assert_error(resp, 400, "Bad Request")
    assert body["details"][0]["path"] == ["onlyMainContnet"]
    assert "onlyMainContnet" in body["details"][0]["message"]


def test_snake_case_keys_are_not_the_wire_format(client: httpx.Client, site_url: str) -> None:
    resp = client.post("/v2/scrape", json={"url": site_url, "only_main_content": False})
    assert_error(resp, 400, "Bad Request")


SCHEMA_FAILURES = [
    ({"timeout": 999}, ["timeout"]),
    ({"timeout": 300_001}, ["timeout"]),
    ({"timeout": "fast"}, ["timeout"]),
    ({"waitFor": -1}, ["waitFor"]),
    ({"maxAge": -5}, ["maxAge"]),
    ({"minAge": 0}, ["minAge"]),
    ({"onlyMainContent": "yes please"}, ["onlyMainContent"]),
    ({"formats": ["markdwn"]}, ["formats", 0]),
    ({"formats": [{"type": "nope"}]}, ["formats", 0]),
    ({"formats": ["json"]}, ["formats"]),
    ({"formats": [{"type": "json"}]}, ["formats", 0]),
    ({"formats": [{"type": "markdown", "extra": 1}]}, ["formats", 0, "extra"]),
    ({"formats": [{"type": "screenshot", "quality": 0}]}, ["formats", 0, "quality"]),
    ({"formats": [{"type": "question", "question": ""}]}, ["formats", 0, "question"]),
    ({"formats": [{"type": "highlights"}]}, ["formats", 0, "query"]),
    ({"formats": [{"type": "query", "prompt": "x", "mode": "loose"}]}, ["formats", 0, "mode"]),
    ({"formats": [{"type": "changeTracking", "modes": ["svn-diff"]}]}, ["formats", 0, "modes", 0]),
    ({"formats": [{"type": "attributes", "selectors": []}]}, ["formats", 0, "selectors"]),
    ({"formats": ["markdown", "markdown"]}, ["formats"]),
    ({"actions": [{"type": "wait"}]}, ["actions", 0]),
    ({"actions": [{"type": "wait", "milliseconds": 0}]}, ["actions", 0, "milliseconds"]),
    ({"actions": [{"type": "wait", "milliseconds": 5, "selector": "#a"}]}, ["actions", 0]),
    ({"actions": [{"type": "wait", "milliseconds": 5, "extra": 1}]}, ["actions", 0, "extra"]),
    ({"actions": [{"type": "click"}]}, ["actions", 0, "selector"]),
    ({"actions": [{"type": "write"}]}, ["actions", 0, "text"]),
    ({"actions": [{"type": "press"}]}, ["actions", 0, "key"]),
    ({"actions": [{"type": "scroll", "direction": "left"}]}, ["actions", 0, "direction"]),
    ({"actions": [{"type": "executeJavascript"}]}, ["actions", 0, "script"]),
    ({"actions": [{"type": "pdf", "format": "A7"}]}, ["actions", 0, "format"]),
    ({"actions": [{"type": "screenshot", "quality": 101}]}, ["actions", 0, "quality"]),
    ({"actions": [{"type": "screenshot", "viewport": {"width": 10}}]},
     ["actions", 0, "viewport", "height"]),
    ({"actions": [{"type": "teleport"}]}, ["actions", 0]),
    ({"location": {"country": "us"}}, ["location", "country"]),
    ({"location": {"country": "USA"}}, ["location", "country"]),
    ({"location": {"country": "US", "city": "x"}}, ["location", "city"]),
    ({"profile": {"name": ""}}, ["profile", "name"]),
    ({"profile": {"name": "x" * 129}}, ["profile", "name"]),
    ({"profile": {"saveChanges": True}}, ["profile", "name"]),
    ({"parsers": [{"type": "pdf", "maxPages": 0}]}, ["parsers", 0, "maxPages"]),
    ({"parsers": [{"type": "pdf", "maxPages": 10_001}]}, ["parsers", 0, "maxPages"]),
    ({"parsers": [{"type": "pdf", "mode": "magic"}]}, ["parsers", 0, "mode"]),
    ({"parsers": [{"type": "pdf", "colour": True}]}, ["parsers", 0, "colour"]),
    ({"parsers": ["docx"]}, ["parsers", 0]),
    ({"proxy": "residential"}, ["proxy"]),
    ({"headers": {"Bad Header": "x"}}, ["headers"]),
    ({"headers": {"X-Ok": "line\r\nInjected: 1"}}, ["headers"]),
    ({"headers": {"X-Num": 5}}, ["headers", "X-Num"]),
    ({"redactPII": {"mode": "paranoid"}}, ["redactPII", "mode"]),
    ({"includeTags": "main"}, ["includeTags"]),
    ({"excludeTags": [""]}, ["excludeTags", 0]),
    ({"includeTags": ["div[[["]}, ["includeTags", 0]),
    ({"waitFor": 5000, "timeout": 5000}, []),
    ({"auditMetadata": {"username": "a", "role": "b"}}, ["auditMetadata", "role"]),
    ({"threatProtection": {"riskScoreThreshold": 101}}, ["threatProtection", "riskScoreThreshold"]),
    ({"toolDetail": "verbose"}, ["toolDetail"]),
]  # fmt: skip


@pytest.mark.parametrize(("extra", "path"), SCHEMA_FAILURES)
def test_schema_failures_have_per_field_details(
    client: httpx.Client, site_url: str, extra: dict, path: list
) -> None:
    body = assert_error(
        client.post("/v2/scrape", json={"url": f"{site_url}/articles/tomatoes", **extra}), 400
    )
    assert body["error"] == "Bad Request"
    assert isinstance(body["details"], list) and body["details"]
    for detail in body["details"]:
        assert set(detail) >= {"path", "message"}
        assert isinstance(detail["message"], str) and detail["message"]
    assert any(d["path"][: len(path)] == path for d in body["details"]), body["details"]


def test_missing_authorization_is_401(api: RunningApi, site_url: str) -> None:
    resp = httpx.post(f"{api.url}/v2/scrape", json={"url": site_url})
    assert_error(resp, 401, "Unauthorized: Invalid token")


@pytest.mark.parametrize(
    "header",
    ["", "Bearer", "Basic abc", "Token wd-x", "Bearer a b", "wd-test", "Bearer short"],
)
def test_malformed_authorization_is_401(api: RunningApi, site_url: str, header: str) -> None:
    resp = httpx.post(
        f"{api.url}/v2/scrape", json={"url": site_url}, headers={"Authorization": header}
    )
    assert_error(resp, 401, "Unauthorized: Invalid token")


def test_unknown_key_is_401(api: RunningApi, site_url: str) -> None:
    with api.client(key="wd-" + "x" * 43) as c:
        assert_error(
            c.post("/v2/scrape", json={"url": site_url}), 401, "Unauthorized: Invalid token"
        )


def test_auth_is_checked_before_the_body(api: RunningApi) -> None:
    resp = httpx.post(f"{api.url}/v2/scrape", content=b"{broken")
    assert_error(resp, 401)


@pytest.fixture()
def keystore(api: RunningApi) -> Iterator[object]:
    """A second handle on the running API's own database (as the CLI would open it)."""
    import asyncio

    from webdata.store.db import make_engine, make_sessionmaker
    from webdata.store.keys import KeyStore

    url = f"sqlite+aiosqlite:///{(api.data_dir / 'webdata.db').as_posix()}"
    engine = make_engine(url)
    yield KeyStore(make_sessionmaker(engine), cache_ttl=0)
    asyncio.run(engine.dispose())


def test_revoked_key_is_401(api: RunningApi, site_url: str, keystore: object) -> None:
    import asyncio

    store = keystore
    team = asyncio.run(store.get_or_create_team("revocation"))  # type: ignore[attr-defined]
    row, plaintext = asyncio.run(store.create_key(team.id, name="short-lived"))  # type: ignore[attr-defined]
    with api.client(key=plaintext) as c:
        assert (
            c.post("/v2/scrape", json={"url": f"{site_url}/articles/tomatoes"}).status_code == 200
        )
        assert asyncio.run(store.revoke(row.id))  # type: ignore[attr-defined]
        deadline = time.monotonic() + 5  # the API may cache a good key for up to 2 s
        while time.monotonic() < deadline:
            resp = c.post("/v2/scrape", json={"url": f"{site_url}/articles/tomatoes"})
            if resp.status_code == 401:
                break
            time.sleep(0.2)
        assert_error(resp, 401, "Unauthorized: Invalid token")


def test_key_without_scope_is_403(api: RunningApi, site_url: str, keystore: object) -> None:
    import asyncio

    store = keystore
    team = asyncio.run(store.get_or_create_team("limited"))  # type: ignore[attr-defined]
    _, plaintext = asyncio.run(store.create_key(team.id, scopes=("crawl",)))  # type: ignore[attr-defined]
    with api.client(key=plaintext) as c:
        assert_error(c.post("/v2/scrape", json={"url": site_url}), 403, "Forbidden")


def test_timeout_is_408(client: httpx.Client, site_url: str) -> None:
    started = time.monotonic()
    resp = client.post(
        "/v2/scrape", json={"url": f"{site_url}/articles/slow?seconds=5", "timeout": 1000}
    )
    elapsed = time.monotonic() - started
    body = assert_error(resp, 408, "Request Timeout")
    assert body["code"] == "SCRAPE_TIMEOUT"
    assert elapsed < 3, f"the timeout took {elapsed:.1f}s to fire"


def test_payload_too_large_is_413(api: RunningApi, site_url: str) -> None:
    from webdata.config import Settings

    limit = Settings().max_body_bytes
    big = b'{"url": "' + site_url.encode() + b'", "headers": {"X": "' + b"a" * limit + b'"}}'
    with api.client() as c:
        assert_error(c.post("/v2/scrape", content=big), 413, "Payload Too Large")

        def chunks() -> Iterator[bytes]:  # no Content-Length: the limit applies while streaming
            for i in range(0, len(big), 65536):
                yield big[i : i + 65536]

        assert_error(c.post("/v2/scrape", content=chunks()), 413, "Payload Too Large")


def test_unhandled_error_is_500_unknown_error_without_trace(tmp_path: Path) -> None:
    from fastapi import FastAPI

    from tests.site.server import serve_in_thread
    from webdata.api.app import create_app
    from webdata.config import Settings

    app: FastAPI = create_app(
        Settings(data_dir=tmp_path, print_first_key=False, log_level="critical")
    )

    @app.get("/v2/__boom")  # a route that fails the way a bug would
    async def boom() -> None:
        raise RuntimeError("secret internal detail /etc/passwd")

    with serve_in_thread(app) as url:
        resp = httpx.get(f"{url}/v2/__boom")
    body = assert_error(resp, 500)
    assert body["code"] == "UNKNOWN_ERROR"
    assert "secret" not in resp.text and "Traceback" not in resp.text


def test_cache_only_scrapes_miss_with_their_codes(client: httpx.Client, site_url: str) -> None:
    url = f"{site_url}/articles/tomatoes"
    body = assert_error(client.post("/v2/scrape", json={"url": url, "minAge": 1}), 404)
    assert body["code"] == "SCRAPE_NO_CACHED_DATA"
    body = assert_error(client.post("/v2/scrape", json={"url": url, "lockdown": True}), 404)
    assert body["code"] == "SCRAPE_LOCKDOWN_CACHE_MISS"


@pytest.mark.parametrize(
    ("extra", "capability"),
    [
        ({"useMock": "recording-1"}, "useMock"),
        ({"domainTools": True}, "domainTools"),
    ],
)
def test_valid_but_unbuilt_capability_is_named(
    client: httpx.Client, site_url: str, extra: dict, capability: str
) -> None:
    started = time.monotonic()
    resp = client.post("/v2/scrape", json={"url": f"{site_url}/articles/slow?seconds=10", **extra})
    assert time.monotonic() - started < 5, "refused only after fetching the page"
    body = assert_error(resp, 501)
    assert body["code"] == "FEATURE_NOT_AVAILABLE"
    assert capability in body["error"]
    assert body["details"]["capability"]


@pytest.mark.parametrize(
    "extra",
    [
        {"formats": [{"type": "json", "prompt": "price"}]},
        {"formats": ["summary"]},
        {"formats": [{"type": "question", "question": "why?"}]},
        {"onlyCleanContent": True},
    ],
)
def test_llm_formats_without_a_model_name_the_settings(
    client: httpx.Client, site_url: str, extra: dict[str, object]
) -> None:
    started = time.monotonic()
    resp = client.post("/v2/scrape", json={"url": f"{site_url}/articles/slow?seconds=10", **extra})
    assert time.monotonic() - started < 5, "refused only after fetching the page"
    body = assert_error(resp, 501)
    assert body["code"] == "LLM_NOT_CONFIGURED"
    assert "WEBDATA_LLM_BASE_URL" in body["error"] and "WEBDATA_LLM_MODEL" in body["error"]


def test_unsupported_binary_is_415_but_rawbase64_works(client: httpx.Client, site_url: str) -> None:
    url = f"{site_url}/files/blob.bin"
    body = assert_error(client.post("/v2/scrape", json={"url": url}), 415)
    assert body["code"] == "SCRAPE_UNSUPPORTED_FILE_ERROR"
    ok = client.post("/v2/scrape", json={"url": url, "formats": ["rawBase64"]})
    assert ok.status_code == 200


def test_private_network_blocked_by_default(tmp_path: Path, site_url: str) -> None:
    for running in start_api(tmp_path, allow_private_networks=False):
        with running.client() as c:
            for url in (site_url, site_url.replace("127.0.0.1", "localhost")):
                body = assert_error(c.post("/v2/scrape", json={"url": url}), 403)
                assert body["code"] == "SCRAPE_PRIVATE_NETWORK_BLOCKED"
